# Two commands on a fresh machine: `make run` and `make test`. Both install dependencies when missing.
.PHONY: run test migrate worker lint client install build

node_modules/.installed: package.json package-lock.json
	npm ci
	@touch $@

install: node_modules/.installed

# The compiled service (dist/), rebuilt when a source, the lock file or a tsconfig changed.
dist/.built: node_modules/.installed tsconfig.json tsconfig.build.json $(shell find core adapters bootstrap migrations -name '*.ts' 2>/dev/null)
	npm run build
	@touch $@

build: dist/.built

## Start the service: embedded PostgreSQL under DATA_DIR (default ./data) unless DATABASE_URL is set.
run: dist/.built
	npm start

## The whole suite: lint (core boundary), type-check, specs on a throwaway PostgreSQL unless DATABASE_URL is set.
test: node_modules/.installed
	npm test

## Apply pending migrations (embedded default or DATABASE_URL).
migrate: node_modules/.installed
	npm run migrate

## Background jobs as their own process (the purge of records deleted more than PURGE_AFTER_DAYS ago).
worker: dist/.built
	npm run worker

lint: node_modules/.installed
	npm run lint

## Regenerate the typed client after changing routes or codecs.
client: node_modules/.installed
	npm run client:generate
