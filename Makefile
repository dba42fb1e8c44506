# Two commands on a fresh machine: `make run` and `make test`. Both install dependencies when missing.
.PHONY: run test migrate worker lint client install

node_modules/.installed: package.json package-lock.json
	npm ci
	@touch $@

install: node_modules/.installed

## Start the service: embedded PostgreSQL under DATA_DIR (default ./data) unless DATABASE_URL is set.
run: node_modules/.installed
	npm start

## The whole suite: lint (core boundary), type-check, specs on a throwaway PostgreSQL unless DATABASE_URL is set.
test: node_modules/.installed
	npm test

## Apply pending migrations (embedded default or DATABASE_URL).
migrate: node_modules/.installed
	npm run migrate

## Background jobs as their own process (the purge of records deleted more than PURGE_AFTER_DAYS ago).
worker: node_modules/.installed
	npm run worker

lint: node_modules/.installed
	npm run lint

## Regenerate the typed client after changing routes or codecs.
client: node_modules/.installed
	npm run client:generate
