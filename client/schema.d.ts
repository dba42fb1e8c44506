/**
 * GENERATED FILE: do not edit.
 * Produced from the HTTP route table by `npm run client:generate`
 * (npx tsx adapters/http/openapi/generate-client.ts) with openapi-typescript.
 * spec/http/client-fresh.spec.ts fails when it no longer matches the routes.
 */

export interface paths {
    "/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and sign in
         * @description Anyone may call it, signed in or not. Creates an account from `email` (stored trimmed and lower-cased) and `password` (8 to 1,024 characters), and signs it in: the answer (201, `Location: /users/me`) carries the account and a session `token` (send it as `Authorization: Bearer <token>`), and sets the same token as the HttpOnly `session` cookie. A session lasts 30 days.
         *
         *     A verification link is mailed whatever `REQUIRE_EMAIL_VERIFICATION` says (valid 7 days; `POST /auth/verify-email` consumes it). With that setting on, the new session may only read `/users/me`, verify, resend the link, sign out and delete the account until the email is verified; everything else answers 403 `email_unverified`.
         *
         *     Refusals:
         *
         *     - 409 `email_taken`: an account with that email exists (also a deleted account not yet purged).
         *     - 422 `weak_password`: fewer than 8 characters; 422 `invalid_input`: not an email address, or a password over 1,024 characters.
         *     - 429 `rate_limited`: more than `AUTH_RATE_LIMIT` attempts a minute from the client's address or for the email (`Retry-After` says when to try again).
         */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description Anyone may call it. Checks the email (trimmed, any case) and password and opens a new session: the answer carries the account and a session `token` (send it as `Authorization: Bearer <token>`), and sets the same token as the HttpOnly `session` cookie. A session lasts 30 days, or until it is signed out or revoked by a password change or reset. Signing in works for an account whose email is not verified yet.
         *
         *     Refusals:
         *
         *     - 401 `unauthenticated`: wrong email or password. The answer is the same for an unknown email, a deleted account and a wrong password.
         *     - 429 `rate_limited`: more than `AUTH_RATE_LIMIT` attempts a minute from the client's address or for the email (`Retry-After` says when to try again).
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out of this session
         * @description Any signed-in account, verified or not. Revokes the session the request came with (its Bearer token or `session` cookie) and clears the cookie; the token is refused (401) from then on. The account's other sessions stay signed in.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the account's email with a link's token
         * @description Anyone may call it: the token proves control of the mailbox, no session is needed. Send the `token` of a verification link (the `token=...` of the `/verify-email?token=...` address in the mail). The account's email becomes verified and every verification link of the account stops working. Verification links are valid for 7 days.
         *
         *     - 422 `invalid_token`: the token is unknown, already used, expired, or not a verification token.
         */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a fresh verification link
         * @description Any signed-in account, verified or not. Mails a new verification link to the account's email; earlier links stop working. When the email is already verified, nothing is sent and the answer is the same 204.
         *
         *     - 429 `rate_limited`: more than `AUTH_RATE_LIMIT` requests a minute from the client's address or for the account's email (`Retry-After` says when to try again).
         */
        post: operations["resendVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a password reset link by mail
         * @description Anyone may call it. When the email belongs to an account, a password reset link is mailed to it (valid for one hour; earlier reset links stop working). The answer is 202 either way and does not wait for the mail, so it never tells whether an account has that email. `POST /auth/password-reset/confirm` uses the link's token.
         *
         *     - 429 `rate_limited`: more than `AUTH_RATE_LIMIT` requests a minute from the client's address or for the email (`Retry-After` says when to try again). It is the only refusal.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset token
         * @description Anyone may call it: the token proves control of the mailbox. Send the `token` of a reset link (the `token=...` of the `/reset-password?token=...` address in the mail) and the `new_password`. Sets the password, verifies the email if it was not, makes every reset link of the account unusable, and revokes **every** session of the account: sign in again with the new password (this call opens no session).
         *
         *     Refusals:
         *
         *     - 422 `invalid_token`: the token is unknown, already used, expired (reset links last one hour), or not a reset token.
         *     - 422 `weak_password`: fewer than 8 characters; 422 `invalid_input`: more than 1,024.
         */
        post: operations["confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password
         * @description The signed-in account, with a verified email where `REQUIRE_EMAIL_VERIFICATION` is on (else 403 `email_unverified`). Checks `current_password` again, then sets `new_password` and revokes every other session of the account; the session of this request stays signed in.
         *
         *     Refusals:
         *
         *     - 422 `wrong_password`: `current_password` is not the account's password.
         *     - 422 `weak_password`: the new password has fewer than 8 characters; 422 `invalid_input`: more than 1,024.
         *     - 429 `rate_limited`: more than `AUTH_RATE_LIMIT` attempts a minute for the account or from the client's address (`Retry-After` says when to try again).
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the signed-in account
         * @description The account of the session: `id`, `email`, `email_verified`, `self_person_id` (the person the user said they are, or null: see `PATCH /users/me/self-person`), `is_instance_owner` and `created_at`. `is_instance_owner` is true when the email is one of `OWNER_EMAIL` and is verified; it grants `GET /admin/instance` only, never access to tree data. A session of an account whose email is not verified may read this even where `REQUIRE_EMAIL_VERIFICATION` refuses it everything else (403 `email_unverified`).
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        /**
         * Delete your account
         * @description Deletes the signed-in account. The body retypes the account's email (compared without case or surrounding blanks); another is 422 `email_mismatch` and nothing changes. In one step it:
         *
         *     - revokes every session of the account, and the links of pending verification and reset mails;
         *     - soft-deletes each tree the caller alone owns (nobody else can restore it; the purge removes it with the account);
         *     - leaves every other tree (a tree with another owner carries on);
         *     - soft-deletes the account.
         *
         *     Answers 204 and clears the session cookie. From then on signing in fails exactly as for an unknown email (401), and registering the email again is 409 `email_taken` until the purge worker removes the account after `PURGE_AFTER_DAYS` (default 30). Audit entries keep the account's id, not its email. A session of an account whose email is not verified may call this too.
         */
        delete: operations["deleteMe"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/self-person": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set or clear "this is me"
         * @description Sets `self_person_id` of the signed-in account, the person the user says they are, or clears it with `person_id: null`. The person must be live and shown in full to the caller: a person of a tree they are a member of, or of a tree they may view whose privacy rules show that person in full. Any other id (unknown, deleted, of a tree the caller may not view, hidden or redacted to them) is the same 422 `invalid_reference`, so the answer never tells whether a withheld person exists. Deleting that person later clears the link. Answers the account as `GET /users/me` does.
         */
        patch: operations["setSelfPerson"];
        trace?: never;
    };
    "/users/me/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a backup of everything the caller owns, as a zip
         * @description Any signed-in account with a verified email (where `REQUIRE_EMAIL_VERIFICATION` is on, an unverified session is 403 `email_unverified`). Answers a zip, streamed as it is written, as the attachment `genealogy-account-<YYYY-MM-DD>.zip`, holding:
         *
         *     - `account.json`: `format: "genealogy-account"`, `version: 1`, `exported_at`, the account's `email`, `user_id` and `self_person_id`, then every live tree where the caller is an **owner** (trees they only edit or view are not theirs to take), each with its fields, AI policy and members (email and role), its persons, names, places, relationships, events, sources, citations, media metadata, proposals and dismissed duplicate pairs. Ids are as in the service. Deleted records, and what hangs on them (names, events and citations of a deleted person), are left out; media of a deleted person stay, without their target.
         *     - `media/<media_id>`: each media file's bytes as stored.
         *
         *     The records are read in chunks, not from one snapshot: a record written while the download runs may or may not be in it. Audited as `account.export`. A streamed answer: past `STREAMS_PER_USER` downloads running at once for the account, 429 `too_many_streams` (`Retry-After`). `POST /users/me/import` restores such a zip.
         */
        get: operations["exportAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a backup into new trees owned by the caller
         * @description Any signed-in account with a verified email (where `REQUIRE_EMAIL_VERIFICATION` is on, an unverified session is 403 `email_unverified`, before the upload is read). Send a zip written by `GET /users/me/export` as the multipart part `file`. Every tree of the backup becomes a NEW tree owned by the caller alone: new ids for every record, every reference remapped (proposals' operations too), media stored again and checked against their size and SHA-256 checksum. Existing trees are never read or written: restoring the same backup twice gives two copies.
         *
         *     Members other than the account that made the backup are not restored; `members_not_restored` names them per tree. Records made by the account that made the backup are credited to the caller; by anyone else, to nobody. The caller's "this is me" person is set from the backup only when it is unset. All or nothing: one transaction, and nothing is left behind on a refusal.
         *
         *     Answers 201 with, per tree, the backup's id (`source_id`), the new id and the counts per kind, and `Location` pointing at `/trees`. Refusals:
         *
         *     - 422 `invalid_archive` (the reason in `detail`, nothing written): not a zip or cut short; more than 50,000 entries; more than `MAX_UPLOAD_BYTES` x 4 unpacked; an entry over 1 MiB compressed more than 100 to 1; an absolute, `..` or backslash entry name, or any entry but `account.json` and `media/<uuid>`; another `format` or a newer `version`; a record that does not decode, belongs to another tree, repeats an id or points at a record the backup does not hold; a media record without its file, a file without its record, or bytes that do not match.
         *     - 422 `invalid_input`: no `file` part.
         *     - 413: the upload is larger than `MAX_UPLOAD_BYTES`.
         */
        post: operations["importAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the trees you are a member of
         * @description The trees the caller is a member of, each with the caller's `role` (`owner`, `editor` or `viewer`), in one JSON array ordered by id (not paged). Trees the caller may only view as a non-member are not listed: the directory of public trees is `GET /public/trees`. With `deleted=true` the list holds instead the soft-deleted trees the caller owns, which an owner can still restore (`POST /trees/{id}/restore`) until they are purged (`POST /trees/{id}/purge`, or the purge worker after `PURGE_AFTER_DAYS`, default 30).
         */
        get: operations["listTrees"];
        put?: never;
        /**
         * Create a tree (you become its owner)
         * @description Creates a tree and makes the caller its owner; any signed-in account may create one. `name` is required (1 to 200 characters, not blank: else 422 `invalid_input`); `description` defaults to empty text and `visibility` to `private`, which only members may view (`site_members`: any signed-in account; `unlisted`: anyone with the link; `public`: anyone, and listed in `GET /public/trees`). Answers 201 with the tree as its owner reads it (`role: owner`); `Location` is its address, `/trees/{id}`.
         */
        post: operations["createTree"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a tree
         * @description One tree. A member reads the member record: their `role`, and `owner_id` (the longest-standing owner). A signed-in non-member may read a tree whose visibility lets them view it (`public`, `unlisted`, `site_members`): `role` is null, `owner_id` is absent, and `home_person_id` is null when the privacy engine hides that person from them. A `private` tree is 403 `forbidden` to a non-member; a deleted tree is 404 to everyone (its owners list it with `GET /trees?deleted=true`).
         *
         *     The answer carries an `ETag`, a hash of what this caller was shown (it changes when the record, or what this caller may see of it, changes); send it as `If-Match` with `PATCH` or `DELETE /trees/{id}` so that a change made meanwhile is not overwritten.
         */
        get: operations["getTree"];
        put?: never;
        post?: never;
        /**
         * Delete a tree, recoverably (owner)
         * @description Soft-deletes the tree: it leaves every read and list (a read of it is 404), but nothing is removed yet. Only an owner may delete (an editor is 403 `forbidden`); any owner of it lists it with `GET /trees?deleted=true`, brings it back with `POST /trees/{id}/restore`, or removes it for good with `POST /trees/{id}/purge`; otherwise the purge worker removes it after `PURGE_AFTER_DAYS` (default 30).
         *
         *     To change only the version you read, send its `ETag` (from `GET /trees/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        delete: operations["deleteTree"];
        options?: never;
        head?: never;
        /**
         * Update a tree (editor)
         * @description Changes any of `name`, `description`, `visibility` and `home_person_id` (the person the tree's views start from; null clears it); fields left out stay as they are. Needs the editor role (owners have it too): a viewer or a non-member is 403 `forbidden`. A blank name is 422 `invalid_input`; a `home_person_id` that is not a live person of this tree is 422 `invalid_reference`. The change is audited (which fields changed, never their text). The answer is the tree as `GET /trees/{id}` reads it, with its new `ETag`.
         *
         *     To change only the version you read, send its `ETag` (from `GET /trees/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        patch: operations["updateTree"];
        trace?: never;
    };
    "/trees/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a deleted tree (owner)
         * @description Brings a soft-deleted tree back, with everything in it, and answers it as `GET /trees/{id}` would. Only an owner of the tree may restore it (403 `forbidden` otherwise). A tree that is not deleted (or is already purged) is 404: there is nothing to restore.
         */
        post: operations["restoreTree"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/purge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Purge a deleted tree for good (owner)
         * @description Removes a soft-deleted tree for good: every record of it (persons, names, events, relationships, sources, citations, media, memberships, proposals) is deleted, and its media files are removed from the object store once the purge has committed. Only an owner may purge, and only a tree already deleted (`DELETE /trees/{id}`): a live tree is 422 `tree_not_deleted`. The body retypes the tree's name exactly, as a confirmation; another name is 422 `name_mismatch` and nothing is removed. Audit entries of the tree stay, with `tree_id` null, and the purge itself is audited.
         */
        post: operations["purgeTree"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/ai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the tree's AI policy (owner)
         * @description Which configured AI provider each role of the tree uses: `ai_member_provider` (the assistant members talk to, `POST /trees/{id}/assistant`) and `ai_recommender_provider` (the one that re-ranks recommendations), each a provider name or null for none. `providers` lists the providers this instance has configured (`AI_PROVIDERS`) by name and model, never a key or an address. `available` is false when the policy names a provider that is no longer configured (the assistant then answers 409 `ai_disabled`); `ai_member_available` and `ai_recommender_available` say, per role, whether a provider is set and configured. Only an owner may read it: an editor or a viewer is 403 `forbidden`.
         */
        get: operations["getAiPolicy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set the tree's AI providers (owner)
         * @description Sets the provider each role uses: `ai_member_provider` (the members' assistant) and `ai_recommender_provider` (the recommender). A field left out stays as it is; null switches that role off. Each name must be one of the configured providers that `GET /trees/{id}/ai` lists; any other is 422 `unknown_provider`, naming the field, and nothing changes. Only an owner may set it (403 `forbidden` otherwise). The change is audited; the answer is the policy as `GET /trees/{id}/ai` reads it.
         */
        patch: operations["updateAiPolicy"];
        trace?: never;
    };
    "/trees/{id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the tree's audit trail (owner)
         * @description The audit trail of the tree, newest first: which account (`actor_id`, or null) did what (`action`, such as `person.update`) to which record (`entity_type`, `entity_id`), and when. `details` hold ids, counts, flags and codes (which fields a change gave, a role, a visibility), never names, notes, titles, places or dates of records. Only an owner may read it (403 `forbidden` otherwise).
         *
         *     Without `limit` every entry comes in one JSON array (not streamed). With `limit` (1 to 1000), one page: when more entries follow, `X-Next-Cursor` holds the cursor to send back as `cursor`, and `Link` (`rel="next"`) the next page's address; a page without `X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.
         */
        get: operations["listTreeAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the members of a tree (members)
         * @description The members of the tree in joining order, each with `user_id`, `email`, `role` and `joined_at`. Any member may read it (viewers too). Because it shows emails, a non-member never may, even on a `public` tree: that is 403 `forbidden`; a deleted tree is 404.
         */
        get: operations["listMembers"];
        put?: never;
        /**
         * Add a member by email (owner)
         * @description Adds an existing account to the tree with a `role` (`owner`, `editor` or `viewer`), found by its email (compared without case or surrounding blanks). Only an owner may add members (403 `forbidden` otherwise). No account with that email (or a deleted one) is 404 `not_found`; an account that is already a member is 409 `already_member`, whatever its role (change a role with `PATCH /trees/{id}/members/{user_id}`). Answers 201 with the new member; `Location` is the member list, `/trees/{id}/members`, where members are read. The change is audited.
         */
        post: operations["addMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/members/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member, or leave a tree (owner, or yourself)
         * @description Removes the member `user_id` from the tree: an owner may remove anyone; any member may remove themselves (leave the tree), whatever their role. Anyone else is 403 `forbidden`. A `user_id` that is not a member is 404 `not_found`. A tree always keeps one owner: removing its only owner, or that owner leaving, is 409 `last_owner`. What the member wrote stays in the tree; the removal is audited.
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role (owner)
         * @description Sets the `role` of the member `user_id` (`owner`, `editor` or `viewer`); a tree may have several owners. Only an owner may change roles (403 `forbidden` otherwise). A `user_id` that is not a member of the tree is 404 `not_found`. A tree always keeps one owner: demoting its only owner is 409 `last_owner` (make someone else owner first). Answers the member with the new role; the change is audited.
         */
        patch: operations["changeMemberRole"];
        trace?: never;
    };
    "/admin/instance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the instance status (instance owner)
         * @description The operator's status page: the service `version`, the `environment` (`APP_ENV` / `NODE_ENV`), the number of live accounts and live trees, and the configured AI providers by name and model (never their addresses or keys). It holds no tree data and no personal data. Only the instance owner may call it: a signed-in account whose email is listed in `OWNER_EMAIL` **and** verified (whatever `REQUIRE_EMAIL_VERIFICATION` says). Any other signed-in account is 403 `forbidden`. Being the instance owner grants nothing else: no access to any tree.
         */
        get: operations["getInstanceStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/persons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List or search the persons of a tree
         * @description The persons of the tree, through the privacy engine. A member sees every person in full. A signed-in non-member of a tree they may view (`public`, `unlisted`, `site_members`) sees possibly-living persons redacted (`display_name` `Living person`, `redacted: true`, every other field null) and does not see persons whose `privacy` is `private` at all; a `private` tree is 403 `forbidden` to them.
         *
         *     Ask in one of these ways (at most one of `q`, `ids` and `deleted=true`; two together are 422 `invalid_input` naming the second):
         *
         *     - none of them: every live person, ordered by id;
         *     - `q`: a fuzzy, typo-tolerant name search over the words of all live names: a person is found when a word of `q` is at least `SEARCH_THRESHOLD` (default 0.2) similar (pg_trgm trigram similarity) to a word of one of their names. Best match first: for a one-word `q`, by the similarity of the person's best matching word; for several words, by the mean over the words of `q` of their best similarity (0 for a word that matches none of the person's), so a person matching every word comes before one matching some. It answers at most `limit` persons (20 when `limit` is not given), never streamed, with `X-Next-Cursor` when more may follow. A non-member only ever finds persons shown to them in full;
         *     - `ids`: a batch of up to 1000 comma-separated ids, answered at once (not paged); ids unknown, deleted, of another tree or hidden from the caller are left out;
         *     - `deleted=true`: the soft-deleted persons, which `POST /persons/{id}/restore` brings back; members only (403 `forbidden` otherwise).
         *
         *     Persons found by `q` or `ids` carry their `names` (a redacted person has no `names` field).
         *
         *     Without `limit` the whole list comes as one JSON array, streamed (a failure after the first bytes can only cut it short). An account has at most `STREAMS_PER_USER` (default 2) streamed answers running at once; past that the answer is 429 `too_many_streams` with `Retry-After`. With `limit` (1 to 1000) one page ordered by id is answered, not streamed: when more may follow, `X-Next-Cursor` holds the cursor to send back as `cursor`, and `Link` (`rel="next"`) the next page's address; a page without `X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.
         */
        get: operations["listPersons"];
        put?: never;
        /**
         * Create a person (editor)
         * @description Creates a person in this tree with a primary name (type `birth`) of `given_name` and `surname`, and, when `birth` or `death` (`{date, place}`) is given, their birth or death event. At least one of `given_name` and `surname` must be sent: without either (`{}`) the answer is 422 `name_required`; send `""` for a part that is unknown. `sex`, `is_living` (null: unknown, the possibly-living rule decides), `privacy` (`default`, `public` or `private`), `notes` and `identifiers` are optional. A date that is not a genealogical date is 422 `invalid_date`, naming the field (`birth.date.year`, ...). Needs the editor role in the tree (owners have it too; 403 `forbidden` otherwise). Answers 201 with the person as `GET /persons/{id}` reads it; `Location` is that address.
         */
        post: operations["createPerson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a person
         * @description One person with their `names`, and `birth` and `death` taken from their birth (else baptism or christening) and death (else burial or cremation) events. A member sees the person in full. A signed-in non-member of a tree they may view reads through the privacy engine: a person whose `privacy` is `private` is 404, as if they did not exist; `public` shows them in full; otherwise a possibly-living person (`is_living` true, or `is_living` null with no death fact and a birth within about 100 years or none known) is redacted: `display_name` is `Living person`, `redacted` is true, every other field is null and `names` is absent. A `private` tree is 403 `forbidden` to a non-member; a deleted person (a merged one too) is 404.
         *
         *     The answer carries an `ETag`, a hash of what this caller was shown (it changes when the person, or what this caller may see of them, changes); send it as `If-Match` with `PATCH` or `DELETE /persons/{id}` so that a change made meanwhile is not overwritten.
         */
        get: operations["getPerson"];
        put?: never;
        post?: never;
        /**
         * Delete a person, recoverably (editor)
         * @description Soft-deletes the person and every relationship touching them; with `cascade=true` also their descendants along `parent_child` edges (any number of generations) and the relationships touching those. A `self_person_id` or `home_person_id` pointing at a deleted person is cleared (a restore does not set it again). Answers `{ "deleted": n }`, the number of persons deleted. `GET /trees/{id}/persons?deleted=true` lists them, and `POST /persons/{id}/restore` on any of them brings back everything this delete removed, until the purge worker removes it after `PURGE_AFTER_DAYS` (default 30). Needs the editor role (403 `forbidden` otherwise); a person already deleted is 404.
         *
         *     To change only the version you read, send its `ETag` (from `GET /persons/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        delete: operations["deletePerson"];
        options?: never;
        head?: never;
        /**
         * Update a person (editor)
         * @description Changes the fields sent; those left out stay as they are. `given_name` and `surname` change the primary name; `identifiers` replaces the whole list; `birth` and `death` take `{date, place}` (a part left out stays) and write the person's own `birth` or `death` event, creating it when there is none, or null, which deletes that event. A baptism, christening, burial or cremation shown in their place is never changed here (edit it with `PATCH /events/{id}`). A date that is not a genealogical date is 422 `invalid_date`. Needs the editor role (403 `forbidden` otherwise); a deleted person is 404. The change is audited (which fields it gave, never names, notes, dates or places). The answer is the person as `GET /persons/{id}` reads it, with its new `ETag`.
         *
         *     To change only the version you read, send its `ETag` (from `GET /persons/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        patch: operations["updatePerson"];
        trace?: never;
    };
    "/persons/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a deleted person (editor)
         * @description Brings back a soft-deleted person with everything the same delete removed: the relationships it deleted (except an edge whose two persons have meanwhile got a live edge of the same type) and, after `cascade=true`, the descendants deleted with them. A person deleted by a merge (`merged_into` set) is unmerged: what the merge moved to the kept person, and is still as the merge left it, moves back, and `merged_into` is cleared; a "this is me" or home person the merge moved to the kept person stays there. Needs the editor role (403 `forbidden` otherwise); a person who is not deleted, or was purged, is 404. Answers the person as `GET /persons/{id}` reads it.
         */
        post: operations["restorePerson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persons/{id}/names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a person's names
         * @description The person's names, primary first, each with `name_type`, `given_name`, `surname`, `prefix`, `suffix`, `surname_prefix`, `is_primary` and `notes`. A member sees them all. A signed-in non-member of a tree they may view sees the names of a person shown to them in full only: for a redacted (possibly living) person the list is empty, and a person hidden by a `private` setting is 404. A `private` tree is 403 `forbidden` to a non-member; a deleted person is 404.
         */
        get: operations["listNames"];
        put?: never;
        /**
         * Add a name to a person (editor)
         * @description Adds a name to the person: `name_type` (default `birth`; also `maiden`, `married`, `alias`, `nickname`, ...), `given_name`, `surname`, `prefix` (`Dr.`), `suffix` (`Jr.`) and `surname_prefix` (`van`) (trimmed; empty when left out) and `notes`. `is_primary: true` makes it the primary name, the former primary staying as an alternate; a person's only name is primary anyway. Needs the editor role (403 `forbidden` otherwise); a deleted person is 404. Answers 201 with the name; `Location` is the person's name list, `/persons/{id}/names` (a name has no address of its own).
         */
        post: operations["createName"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persons/{id}/names/{name_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a name (editor)
         * @description Deletes a name of the person. When it was the primary name, the person's earliest-created other name becomes primary. A person keeps at least one name: deleting the only one is 409 `last_name`. Needs the editor role (403 `forbidden` otherwise); a name that is not a live name of this person is 404. A name has no one-record read, so this takes no `If-Match`.
         */
        delete: operations["deleteName"];
        options?: never;
        head?: never;
        /**
         * Change a person's name (editor)
         * @description Changes the fields sent (`name_type`, `given_name`, `surname`, `prefix`, `suffix`, `surname_prefix`, `notes`); those left out stay as they are. `is_primary: true` makes this the primary name (the former primary becomes an alternate); `is_primary: false` on the primary name is 409 `primary_required`: a person keeps one primary name, so make another name primary instead. Needs the editor role (403 `forbidden` otherwise); a name that is not a live name of this person is 404. A name has no one-record read, so this change takes no `If-Match`.
         */
        patch: operations["updateName"];
        trace?: never;
    };
    "/persons/{id}/names/{name_id}/make-primary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a name the primary one (editor)
         * @description Makes this name the person's primary name; the former primary stays as an alternate. The primary name gives the person record its `given_name`, `surname` and `display_name`. Needs the editor role (403 `forbidden` otherwise); a name that is not a live name of this person is 404. Answers the name.
         */
        post: operations["makePrimaryName"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the events of a tree
         * @description Members of the tree (any role) see every live event. A signed-in non-member may list the events of a tree whose visibility lets them view it (`public`, `unlisted`, `site_members`), through the privacy engine: only events of fully visible persons, and partnership events whose two partners are both fully visible (events of living or hidden persons are absent). A non-member of a `private` tree is 403.
         *
         *     Ordered by id. Without `limit`, every row, streamed as one JSON array: past `STREAMS_PER_USER` streamed answers running at once for the account, 429 `too_many_streams` (`Retry-After`). With `limit` (1 to 1000), one page, and when more follow, the next page's cursor in `X-Next-Cursor` and a `Link: <...>; rel="next"` header: pass it back as `cursor` (a cursor this service did not give out is 422 `invalid_cursor`). No total count is sent: page until `X-Next-Cursor` is absent.
         */
        get: operations["listTreeEvents"];
        put?: never;
        /**
         * Create an event (editor)
         * @description Editors and owners of the tree; a viewer or a non-member is 403. Creates a life event with exactly one subject: a person (`person_id`) or a partnership (`partnership_id`, a `partnership` relationship), never both, never neither. `place` is text: the tree keeps one place per distinct text, so events with the same place text share it; blank text is no place. A `custom` type needs `custom_type`; `temple` and `ordinance_status` belong to LDS ordinance types (`lds_*`) only. Answers 201 with the event and `Location: /events/{id}`.
         *
         *     Refusals:
         *
         *     - 422 `invalid_subject`: both or neither of `person_id` and `partnership_id`.
         *     - 422 `invalid_reference`: `person_id` or `partnership_id` names no live person or partnership of this tree.
         *     - 422 `invalid_date`: `date` is not a genealogical date (no `year` where one is needed, an impossible month or day, an end on a qualifier other than `between` or `from_to`, a `text` date without its phrase; `errors` names each part); 422 `invalid_input`: `custom_type` missing on a custom event, or an ordinance field on another type.
         */
        post: operations["createEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persons/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a person's events
         * @description The person's own events and the events of their partnerships, in one answer (no paging). Members of the tree (any role) see them all. A signed-in non-member may read them when the tree's visibility lets them view it, through the privacy engine: a hidden person is 404 (as an unknown one), a living (redacted) person's events are absent, and a partnership event appears only when both partners are fully visible. A non-member of a `private` tree is 403.
         */
        get: operations["listPersonEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one event
         * @description Members of the tree (any role) read any live event. A signed-in non-member may read it when the tree's visibility lets them view it and the privacy engine shows the event: a person's event when the person is fully visible, a partnership event when both partners are. Otherwise it is 404, exactly as for an unknown or deleted event, never revealing that it exists; a non-member of a `private` tree is 403. The answer carries an `ETag`, which `If-Match` on `PATCH` and `DELETE /events/{id}` checks.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        /**
         * Delete an event (editor)
         * @description Editors and owners of the tree; a viewer or a non-member is 403. Soft-deletes the event: it is gone from every read and list, and can be put back from its history (`POST /events/{id}/history/{change_id}/restore` on the deletion) until the purge removes it after `PURGE_AFTER_DAYS`. With `If-Match`, 412 `precondition_failed` when the event changed since the `ETag` was read. 404 for an unknown or already deleted event.
         */
        delete: operations["deleteEvent"];
        options?: never;
        head?: never;
        /**
         * Update an event (editor)
         * @description Editors and owners of the tree; a viewer or a non-member is 403. Changes the fields sent (`type`, `custom_type`, `date`, `place`, `notes`, `detail`, `temple`, `ordinance_status`, or the subject `person_id` / `partnership_id`) and keeps the others. The event must still have exactly one subject afterwards: to move it from a person to a partnership, send `person_id: null` with the `partnership_id`. Place text is shared per tree as on create; `null` or blank text clears it. Changing an ordinance to another type drops its temple and status. Answers the event. With `If-Match`, 412 `precondition_failed` when the event changed since the `ETag` was read.
         *
         *     Refusals: 422 `invalid_subject`, `invalid_reference`, `invalid_date` and `invalid_input` as on create; 404 for an unknown or deleted event.
         */
        patch: operations["updateEvent"];
        trace?: never;
    };
    "/trees/{id}/relationships": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the relationships of a tree
         * @description The live relationships of the tree, ordered by id. A member sees them all. A signed-in non-member of a tree they may view (`public`, `unlisted`, `site_members`) sees an edge only when neither of its persons is hidden from them (`privacy: private`), and its `notes`, `qualifier` and `role` only when both persons are shown in full: an edge touching a redacted (possibly living) person keeps only its ids and type, the rest null. A `private` tree is 403 `forbidden` to a non-member.
         *
         *     Without `limit` the whole list comes as one JSON array, streamed (a failure after the first bytes can only cut it short). An account has at most `STREAMS_PER_USER` (default 2) streamed answers running at once; past that the answer is 429 `too_many_streams` with `Retry-After`. With `limit` (1 to 1000) one page ordered by id is answered, not streamed: when more may follow, `X-Next-Cursor` holds the cursor to send back as `cursor`, and `Link` (`rel="next"`) the next page's address; a page without `X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.
         */
        get: operations["listTreeRelationships"];
        put?: never;
        /**
         * Create a relationship (editor)
         * @description Creates an edge between two different live persons of this tree, `person_a_id` and `person_b_id`:
         *
         *     - `parent_child`: a is the parent, b the child; `qualifier` is required (`biological`, `adoptive`, `step`, `foster`, `donor`, `guardian`);
         *     - `partnership`: symmetric, so (a, b) and (b, a) are the same edge; no qualifier;
         *     - `association`: a link that is not kinship (GEDCOM ASSO): a holds it, b is the associate, and `role` says what b is to a (such as godparent or witness); no qualifier.
         *
         *     A missing qualifier, a qualifier or a role the type does not take, or the same person twice is 422 `invalid_input`; a person who is not live in this tree is 422 `invalid_reference` at its field. The same pair and type is never stored twice: a repeat is 409 `relationship_exists`, whose detail names the existing edge; associations may repeat. Nobody is their own ancestor: a `parent_child` edge whose child is already an ancestor of its parent (through any qualifier, any number of generations) is 422 `relationship_cycle` at `person_b_id`. Needs the editor role (403 `forbidden` otherwise). Answers 201 with the relationship; `Location` is `/relationships/{id}`.
         */
        post: operations["createRelationship"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persons/{id}/relationships": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a person's relationships
         * @description The live relationships touching the person, ordered by id, in one JSON array (not paged). A member sees them all. A signed-in non-member of a tree they may view sees those whose other person is not hidden from them, with `notes`, `qualifier` and `role` null unless both persons are shown in full; a person hidden from them is 404. A `private` tree is 403 `forbidden` to a non-member; a deleted person is 404.
         */
        get: operations["listPersonRelationships"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/relationships/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a relationship
         * @description One relationship: `type`, `person_a_id`, `person_b_id`, `qualifier`, `role` and `notes`. A member sees it in full. To a signed-in non-member of a tree they may view it is 404 when either person is hidden from them, and its `notes`, `qualifier` and `role` are null unless both persons are shown in full. A `private` tree is 403 `forbidden` to a non-member; a deleted relationship, or one of whose persons is deleted, is 404.
         *
         *     The answer carries an `ETag`, a hash of what this caller was shown (it changes when the record, or what this caller may see of it, changes); send it as `If-Match` with `PATCH` or `DELETE /relationships/{id}` so that a change made meanwhile is not overwritten.
         */
        get: operations["getRelationship"];
        put?: never;
        post?: never;
        /**
         * Delete a relationship (editor)
         * @description Soft-deletes the relationship: it leaves every read and list. Needs the editor role (403 `forbidden` otherwise); a relationship already deleted is 404.
         *
         *     To change only the version you read, send its `ETag` (from `GET /relationships/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        delete: operations["deleteRelationship"];
        options?: never;
        head?: never;
        /**
         * Update a relationship (editor)
         * @description Changes the fields sent: `qualifier` (`parent_child` only, where it cannot be null), `role` (associations only; blank or null clears it) and `notes`. The type and the two persons never change: delete the edge and create another. A qualifier or role the type does not take is 422 `invalid_input`. Needs the editor role (403 `forbidden` otherwise); a deleted relationship is 404. The answer is the relationship as `GET /relationships/{id}` reads it, with its new `ETag`.
         *
         *     To change only the version you read, send its `ETag` (from `GET /relationships/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        patch: operations["updateRelationship"];
        trace?: never;
    };
    "/trees/{id}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the sources of a tree
         * @description The live sources of the tree, ordered by id. A member sees them all. A signed-in non-member of a tree they may view (`public`, `unlisted`, `site_members`) sees only the sources that back at least one citation they may see (see `GET /trees/{id}/citations`); a `private` tree is 403 `forbidden` to them.
         *
         *     Without `limit` the whole list comes as one JSON array, streamed (a failure after the first bytes can only cut it short). An account has at most `STREAMS_PER_USER` (default 2) streamed answers running at once; past that the answer is 429 `too_many_streams` with `Retry-After`. With `limit` (1 to 1000) one page ordered by id is answered, not streamed: when more may follow, `X-Next-Cursor` holds the cursor to send back as `cursor`, and `Link` (`rel="next"`) the next page's address; a page without `X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.
         */
        get: operations["listSources"];
        put?: never;
        /**
         * Create a source (editor)
         * @description Creates a source in this tree: `title` (required, not blank: else 422 `invalid_input`), and optionally `author`, `publication`, `notes`, `abbreviation`, what it records (`recorded_events`, `agency`, `data_notes`: GEDCOM SOUR.DATA) and the repositories that hold it (`repositories`, each a live repository of this tree named once, with a call number: else 422 `invalid_reference` or `invalid_input` at its index). A source backs facts through citations (`POST /trees/{id}/citations`). Needs the editor role (403 `forbidden` otherwise). Answers 201 with the source; `Location` is `/sources/{id}`.
         */
        post: operations["createSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a source
         * @description One source: `title`, `author`, `publication`, `notes`, `abbreviation`, `recorded_events`, `agency`, `data_notes` and `repositories` (repository ids with call numbers; a link to a repository deleted since stays listed). A member sees it. A signed-in non-member of a tree they may view reads it only when it backs at least one citation they may see; otherwise it is withheld and answers 404, as if it did not exist. A `private` tree is 403 `forbidden` to a non-member; a deleted source is 404.
         *
         *     The answer carries an `ETag`, a hash of what this caller was shown (it changes when the record, or what this caller may see of it, changes); send it as `If-Match` with `PATCH` or `DELETE /sources/{id}` so that a change made meanwhile is not overwritten.
         */
        get: operations["getSource"];
        put?: never;
        post?: never;
        /**
         * Delete a source (editor)
         * @description Soft-deletes the source; its citations leave every read and list with it (a citation of a deleted source is 404). Needs the editor role (403 `forbidden` otherwise); a source already deleted is 404.
         *
         *     To change only the version you read, send its `ETag` (from `GET /sources/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        delete: operations["deleteSource"];
        options?: never;
        head?: never;
        /**
         * Update a source (editor)
         * @description Changes the fields sent (`title`, `author`, `publication`, `notes`, `abbreviation`, `recorded_events`, `agency`, `data_notes`, `repositories`); those left out stay as they are, and a list sent replaces the list. A blank `title` is 422 `invalid_input`; a repository that is not a live repository of the tree, or one named twice, is 422 as on create (a link the source has already stays allowed, its repository deleted or not). Needs the editor role (403 `forbidden` otherwise); a deleted source is 404. The answer is the source as `GET /sources/{id}` reads it, with its new `ETag`.
         *
         *     To change only the version you read, send its `ETag` (from `GET /sources/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        patch: operations["updateSource"];
        trace?: never;
    };
    "/trees/{id}/citations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the citations of a tree
         * @description Every live citation of the tree whose source is live, ordered by id. A member sees them all. A signed-in non-member of a tree they may view sees a citation only when the fact it cites resolves to persons shown to them in full: the person, the person of a name, the person of an event (both partners of a partnership event), or both persons of a relationship. A `private` tree is 403 `forbidden` to a non-member.
         *
         *     Without `limit` the whole list comes as one JSON array, streamed (a failure after the first bytes can only cut it short). An account has at most `STREAMS_PER_USER` (default 2) streamed answers running at once; past that the answer is 429 `too_many_streams` with `Retry-After`. With `limit` (1 to 1000) one page ordered by id is answered, not streamed: when more may follow, `X-Next-Cursor` holds the cursor to send back as `cursor`, and `Link` (`rel="next"`) the next page's address; a page without `X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.
         */
        get: operations["listCitations"];
        put?: never;
        /**
         * Cite a source for a fact (editor)
         * @description Links the source `source_id` to exactly one fact of this tree, named by one of `person_id`, `event_id`, `name_id` and `relationship_id`: none or several is 422 `invalid_target`. `page`, `detail` and `confidence` (0 to 3, as GEDCOM QUAY; null when unknown) are optional. A source or a fact that is not a live record of this tree is 422 `invalid_reference` at its field. Needs the editor role (403 `forbidden` otherwise). Answers 201 with the citation; `Location` is `/citations/{id}`.
         */
        post: operations["createCitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/citations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a citation
         * @description One citation: `source_id`, the one fact it cites (`person_id`, `event_id`, `name_id` or `relationship_id`; the others null), `page`, `detail` and `confidence`. A member sees it. A signed-in non-member of a tree they may view reads it only when the fact it cites resolves to persons shown to them in full; otherwise it is withheld and answers 404. A `private` tree is 403 `forbidden` to a non-member; a deleted citation, or one whose source is deleted, is 404.
         *
         *     The answer carries an `ETag`, a hash of what this caller was shown (it changes when the record, or what this caller may see of it, changes); send it as `If-Match` with `PATCH` or `DELETE /citations/{id}` so that a change made meanwhile is not overwritten.
         */
        get: operations["getCitation"];
        put?: never;
        post?: never;
        /**
         * Delete a citation (editor)
         * @description Soft-deletes the citation: it leaves every read and list. Needs the editor role (403 `forbidden` otherwise); a citation already deleted is 404.
         *
         *     To change only the version you read, send its `ETag` (from `GET /citations/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        delete: operations["deleteCitation"];
        options?: never;
        head?: never;
        /**
         * Update a citation (editor)
         * @description Changes the fields sent: `page`, `detail` and `confidence` (0 to 3, or null to clear it). The source and the cited fact never change: delete the citation and cite again. Needs the editor role (403 `forbidden` otherwise); a deleted citation is 404. The answer is the citation as `GET /citations/{id}` reads it, with its new `ETag`.
         *
         *     To change only the version you read, send its `ETag` (from `GET /citations/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        patch: operations["updateCitation"];
        trace?: never;
    };
    "/trees/{id}/repositories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the repositories of a tree
         * @description The live repositories of the tree, ordered by id. Repositories are for members of the tree: a non-member is 403 `forbidden`, whatever the tree's visibility, and the public surface has none.
         *
         *     Without `limit` the whole list comes as one JSON array, streamed (a failure after the first bytes can only cut it short). An account has at most `STREAMS_PER_USER` (default 2) streamed answers running at once; past that the answer is 429 `too_many_streams` with `Retry-After`. With `limit` (1 to 1000) one page ordered by id is answered, not streamed: when more may follow, `X-Next-Cursor` holds the cursor to send back as `cursor`, and `Link` (`rel="next"`) the next page's address; a page without `X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.
         */
        get: operations["listRepositories"];
        put?: never;
        /**
         * Create a repository (editor)
         * @description Creates a repository in this tree: an archive, library or person that holds sources (GEDCOM REPO). `name` is required and not blank (else 422 `invalid_input`); `address` (lines of text) and `notes` are optional. A source names the repositories that hold it in its `repositories` list, with a call number each. Needs the editor role (403 `forbidden` otherwise). Answers 201 with the repository; `Location` is `/repositories/{id}`.
         */
        post: operations["createRepository"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/repositories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a repository
         * @description One repository: `name`, `address` and `notes`. Repositories are for members of the tree: a non-member is 403 `forbidden`, whatever the tree's visibility, and the public surface has none. A deleted repository is 404.
         *
         *     The answer carries an `ETag`, a hash of what this caller was shown (it changes when the record, or what this caller may see of it, changes); send it as `If-Match` with `PATCH` or `DELETE /repositories/{id}` so that a change made meanwhile is not overwritten.
         */
        get: operations["getRepository"];
        put?: never;
        post?: never;
        /**
         * Delete a repository (editor)
         * @description Soft-deletes the repository. Sources that name it keep the link (their `repositories` still list it), but a GEDCOM export and an account export leave such links out, and a source cannot be given a link to it any more. Needs the editor role (403 `forbidden` otherwise); a repository already deleted is 404.
         *
         *     To change only the version you read, send its `ETag` (from `GET /repositories/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        delete: operations["deleteRepository"];
        options?: never;
        head?: never;
        /**
         * Update a repository (editor)
         * @description Changes the fields sent (`name`, `address`, `notes`); those left out stay as they are. A blank `name` is 422 `invalid_input`. Needs the editor role (403 `forbidden` otherwise); a deleted repository is 404. The answer is the repository as `GET /repositories/{id}` reads it, with its new `ETag`.
         *
         *     To change only the version you read, send its `ETag` (from `GET /repositories/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        patch: operations["updateRepository"];
        trace?: never;
    };
    "/trees/{id}/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the media of a tree
         * @description The live media items of the tree, ordered by id, each with `url`, the address of its bytes (`GET /media/{id}/content`). A member sees them all. A signed-in non-member of a tree they may view (`public`, `unlisted`, `site_members`) sees an item only when it is attached to a person shown to them in full, to an event whose persons are, or to a source they may see; unattached items are for members only. A `private` tree is 403 `forbidden` to a non-member. With `deleted=true` the list holds the soft-deleted items instead, which `POST /media/{id}/restore` brings back; members only (403 `forbidden` otherwise).
         *
         *     Without `limit` the whole list comes as one JSON array, streamed (a failure after the first bytes can only cut it short). An account has at most `STREAMS_PER_USER` (default 2) streamed answers running at once; past that the answer is 429 `too_many_streams` with `Retry-After`. With `limit` (1 to 1000) one page ordered by id is answered, not streamed: when more may follow, `X-Next-Cursor` holds the cursor to send back as `cursor`, and `Link` (`rel="next"`) the next page's address; a page without `X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.
         */
        get: operations["listMedia"];
        put?: never;
        /**
         * Upload a media file (editor)
         * @description Uploads one file as `multipart/form-data`: the part `file` (required: without it 422 `invalid_input`), an optional `title` (at most 1000 characters) and at most one of `person_id`, `event_id` and `source_id` to attach it to (an empty value means none; two or more are 422 `invalid_input`; a record that is not live in this tree is 422 `invalid_reference`). The role is checked before a byte of the body is read: without the editor role 403 `forbidden`, an unknown or deleted tree 404. A body that is not multipart is 415; a file larger than `MAX_UPLOAD_BYTES` is 413 `payload_too_large`, and nothing is kept.
         *
         *     The bytes decide the `content_type`: a recognised format (JPEG, PNG, GIF, WebP, TIFF, BMP, HEIC, AVIF, PDF, MP3, WAV, Ogg, FLAC, MP4, QuickTime, WebM, ZIP) wins over what the client said, and a recognisable type the client names that the bytes do not carry is 422 `content_type_mismatch`. A file declared `text/plain`, `text/csv` or `text/markdown` whose bytes are text keeps that type; anything else, HTML, SVG and scripts included, is recorded as `application/octet-stream`. The bytes are stored first (503 `unavailable` when the object store cannot be reached), then the record. Answers 201 with the item (`checksum`: the SHA-256 of the bytes; `url`: where they are read); `Location` is `/media/{id}`.
         */
        post: operations["uploadMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload the file of a media record without one (editor)
         * @description A media record a GEDCOM import made from an OBJE whose file did not come with the file (`file_uploaded: false`; its `file_path` and `form` say what the file was) takes its bytes here: the part `file` (required: without it 422 `invalid_input`), as `multipart/form-data`. Its title, attachment, path and format stay; `content_type`, `size`, `checksum` and `file_name` come from the upload, decided as for `POST /trees/{id}/media` (422 `content_type_mismatch` and the limits alike). Checked before a byte of the body is read: without the editor role 403 `forbidden`, an unknown or deleted item 404, and an item that has its file already 409 `file_uploaded_already` (also the second of two uploads at once). Answers 200 with the item, now `file_uploaded: true`.
         */
        put: operations["uploadMediaFile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a media item
         * @description The record of one media item: `title`, `file_name`, `content_type`, `size`, `checksum`, its attachment (`person_id`, `event_id` or `source_id`, at most one set) and `url`, where its bytes are read. A member sees it. A signed-in non-member of a tree they may view reads it only when the privacy rules let it through (as in `GET /trees/{id}/media`); otherwise it answers 404, as if it did not exist. A `private` tree is 403 `forbidden` to a non-member; a deleted item is 404.
         *
         *     The answer carries an `ETag`, a hash of what this caller was shown (it changes when the record, or what this caller may see of it, changes); send it as `If-Match` with `PATCH` or `DELETE /media/{id}` so that a change made meanwhile is not overwritten. (This is the version of the record; the bytes have their own `ETag`.)
         */
        get: operations["getMedia"];
        put?: never;
        post?: never;
        /**
         * Delete a media item, recoverably (editor)
         * @description Soft-deletes the item: it leaves every read and list, and its bytes stay in the object store until the purge worker removes record and bytes together after `PURGE_AFTER_DAYS` (default 30); until then `POST /media/{id}/restore` brings it back. Needs the editor role (403 `forbidden` otherwise); an item already deleted is 404.
         *
         *     To change only the version you read, send its `ETag` (from `GET /media/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        delete: operations["deleteMedia"];
        options?: never;
        head?: never;
        /**
         * Update a media item (editor)
         * @description Changes the `title` and the attachment; the bytes never change. Give one of `person_id`, `event_id` and `source_id` to attach the item there (and nowhere else); give only nulls to detach it; leave all three out to keep it where it is. Two non-null fields are 422 `invalid_input`; a record that is not live in this tree is 422 `invalid_reference`. Needs the editor role (403 `forbidden` otherwise); a deleted item is 404. The answer is the item as `GET /media/{id}` reads it, with its new `ETag`.
         *
         *     To change only the version you read, send its `ETag` (from `GET /media/{id}`) as `If-Match`: when the record as that GET reads it now has another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). A caller who may not make the change gets that refusal, never a 412.
         */
        patch: operations["updateMedia"];
        trace?: never;
    };
    "/media/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a deleted media item (editor)
         * @description Brings back a soft-deleted media item with its attachment (none, when the record it was attached to has been purged meanwhile). Needs the editor role (403 `forbidden` otherwise); an item that is not deleted, or was purged, is 404. Answers the item as `GET /media/{id}` reads it.
         */
        post: operations["restoreMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the bytes of a media item
         * @description Streams the file, after the same visibility check as `GET /media/{id}` (404 when the item is withheld from the caller), with the `Content-Type` the service recorded at upload and its `Content-Length`.
         *
         *     - `ETag` is the SHA-256 of the bytes, quoted; `If-None-Match` naming it (or `*`) answers 304 with no body.
         *     - One byte range (`Range: bytes=a-b`, `bytes=a-` or `bytes=-n`) answers 206 with `Content-Range`; several ranges, another unit or a malformed header get the whole file (200), as does an `If-Range` that is not the current ETag. A range that starts past the end, or any range of an empty file, is 416 `range_not_satisfiable` with `Content-Range: bytes *\/size`.
         *     - Images, PDF, audio, video and plain text are served `inline`, anything else as an `attachment` with a `sandbox` Content-Security-Policy; `Content-Disposition` carries the file name, with `Cache-Control: private` and `X-Content-Type-Options: nosniff`.
         *
         *     A download is a streamed answer: an account has at most `STREAMS_PER_USER` (default 2) running at once, past that 429 `too_many_streams` with `Retry-After`. When the object store cannot be reached the answer is 503 `unavailable` with `Retry-After`. A record whose file was never uploaded (`file_uploaded: false`: it came from a GEDCOM OBJE without its file) is 409 `file_not_uploaded` until `PUT /media/{id}/file` brings it.
         */
        get: operations["getMediaContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/gedcom/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview a GEDCOM import (editor)
         * @description Editors and owners of the tree; a viewer or a non-member is 403, before a byte of the file is read. A dry run of `POST /trees/{id}/gedcom/import` with the same file (multipart part `file`: GEDCOM 5.5, 5.5.1, 5.5.5 or 7.0, or a GEDZIP `.gdz`, told by its first bytes); it writes nothing.
         *
         *     Answers the `counts` of persons, families and sources in the file, and `matches`: each incoming person (by its xref as written in the file, with the at signs, `"@I1@"`) that resembles existing persons of the tree, in file order, with its candidates scored `high` or `medium` and the reasons. Use the xrefs as the keys of the import's `resolutions`. Also the tags the import would not map (`unmapped_tags`, with counts and first line) and the first 1,000 warnings by line (`warning_count` is the total).
         *
         *     The matching reads the whole tree: the service runs a few tree-wide analyses at once (previews and `GET /trees/{id}/duplicates`, one per two cores), and the others wait their turn once their file is received. A request whose client goes away while it waits never runs. An account has at most 2 running or waiting at once on an instance: past that, 429 `too_many_analyses` (with `Retry-After`).
         *
         *     - 422 `not_gedcom`: the file is not GEDCOM.
         *     - 422 `gedcom_too_large`: past the reader's bounds (`detail` says which, and where): a line over 1 MiB of characters, a level-0 record over 100,000 lines or 16 MiB, or more links, families or xrefs than a real file holds (1,000 family links in one INDI record, 2,000,000 in the file, 800,000 families, 3,000,000 xrefs).
         *     - 422 `invalid_archive`: a GEDZIP that breaks the zip limits (50,000 entries, `MAX_UPLOAD_BYTES` x 4 unpacked, at most 100 to 1 compression for entries over 1 MiB, no absolute or `..` names, `gedcom.ged` at the root) or whose bytes are damaged.
         *     - 422 `invalid_input`: no `file` part. 413: the upload is larger than `MAX_UPLOAD_BYTES`.
         */
        post: operations["previewGedcom"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/gedcom/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a GEDCOM file into the tree (editor)
         * @description Editors and owners of the tree; a viewer or a non-member is 403, before a byte of the file is read. Imports the multipart part `file` (GEDCOM 5.5, 5.5.1, 5.5.5 or 7.0, or a GEDZIP `.gdz`, told by its first bytes, whose media files are stored and attached) additively, all or nothing: one transaction, so a refusal or failure leaves the tree as it was.
         *
         *     What becomes of each incoming person: its entry in `resolutions` (JSON text: incoming xref as written, `"@I1@"`, to `{ "action", "target_id"? }`), else `default_action` when its best duplicate candidate (as the preview scores it) is `high`, else `new`. `default_action` defaults to `new`. The actions:
         *
         *     - `new`: create a new person.
         *     - `skip`: copy nothing; the file's families link to the existing person.
         *     - `merge`: attach the incoming names (as alternates), events, citations and notes to the existing person.
         *     - `overwrite`: soft-delete the existing person and import the incoming one fresh.
         *
         *     The existing person is the resolution's `target_id`, or, under `default_action`, the best candidate.
         *
         *     A relationship is never created twice between the same pair. Answers the mapping report: `import_id`, counts per kind (created, merged, skipped, overwritten, reused), unmapped tags and the first 1,000 warnings (`warning_count` is the total). The import is listed in `GET /trees/{id}/imports` and can be undone with `POST /trees/{id}/imports/{import_id}/undo`.
         *
         *     Refusals:
         *
         *     - 422 `invalid_resolution`: a resolution names an xref that is no INDI record of the file, or its action needs a `target_id` it lacks.
         *     - 422 `invalid_reference`: a `target_id` that is no live person of this tree.
         *     - 422 `invalid_input`: `resolutions` is not JSON, not an object from xref to resolution, has an unknown action or a `target_id` that is not a UUID, or holds more than 1,000,000 values.
         *     - 422 `not_gedcom`: the file is not GEDCOM.
         *     - 422 `gedcom_too_large`: past the reader's bounds (`detail` says which, and where): a line over 1 MiB of characters, a level-0 record over 100,000 lines or 16 MiB, or more links, families or xrefs than a real file holds (1,000 family links in one INDI record, 2,000,000 in the file, 800,000 families, 3,000,000 xrefs).
         *     - 422 `invalid_archive`: a GEDZIP that breaks the zip limits (50,000 entries, `MAX_UPLOAD_BYTES` x 4 unpacked, at most 100 to 1 compression for entries over 1 MiB, no absolute or `..` names, `gedcom.ged` at the root) or whose bytes are damaged.
         *     - 422 `invalid_input`: no `file` part. 413: the upload is larger than `MAX_UPLOAD_BYTES`.
         */
        post: operations["importGedcom"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/gedcom/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the tree as GEDCOM (members)
         * @description Any member of the tree (owner, editor or viewer); a non-member is 403, whatever the tree's visibility. Members see every record, so nothing is redacted. Families are derived from the relationship edges; name types are kept.
         *
         *     - default, or `version=5.5.1`: GEDCOM 5.5.1 in UTF-8, `application/x-gedcom`.
         *     - `version=7.0`: GEDCOM 7.0 in UTF-8, `text/vnd.familysearch.gedcom`.
         *     - `version=7.0&media=true`: a GEDZIP (`.gdz`, `application/zip`): `gedcom.ged` with an OBJE record per media item, and the media files at the paths their FILEs name. `media=true` with another version is 422 `invalid_input`.
         *
         *     The file is an attachment named after the tree (`.ged`, or `.gdz` for a GEDZIP), streamed as it is produced from one snapshot of the tree. A streamed answer: past `STREAMS_PER_USER` downloads running at once for the account, 429 `too_many_streams` (`Retry-After`).
         *
         *     What a GEDCOM import kept verbatim (structures it does not map: vendor tags such as `_UID` or `_FREL`, RIN, records such as `_EVENT_DEFN` or SUBN: see the import report's `kept_lines`) is written back in place, under the record or substructure it came from. A 7.0 file declares those extension tags in HEAD.SCHMA (with the URI the imported file gave, else one of the service's), and writes back a 5.5.x standard structure only where it came from a 7.0 file. What the file could not take back is counted in the `GEDCOM-Not-Written` HTTP trailer, sent after the last byte: `what=count` joined by `; ` (absent or empty when nothing was left out).
         */
        get: operations["exportGedcom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/cleanup/deceased-by-birth-year": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview: people born on or before a year, not yet deceased (editor)
         * @description The people whose birth year is on or before `born_on_or_before` (default 1930) and who are not already deceased, to be marked deceased with `POST /trees/{id}/cleanup/deceased`. The birth year is read as the privacy engine reads it: the latest year the birth fact allows (`ABT 1930`: 1930; `BET 1920 AND 1935`: 1935; `1930/31`: 1931); a birth event wins over a baptism, a baptism over a christening. People with no birth year are not listed. Already deceased: `is_living` false, or a death, burial, cremation, probate or will fact. A person marked `is_living: true` is listed too (`is_living` shows the current value): the cutoff is the question.
         *
         *     Editors and owners of the tree; a viewer or a non-member is 403, on a public tree too. A preview writes nothing: it lists the rows a fix would change, sorted by display name (case and accents aside, ties by person id), each with a `reason` in words and the `proposed` value. Members see every person, so no privacy filtering applies. A preview reads the whole tree: the service runs a few tree-wide analyses at once (cleanup previews, GEDCOM previews and `GET /trees/{id}/duplicates`, one per two cores), and the others wait their turn; a request whose client goes away while it waits never runs. An account has at most 2 running or waiting at once on an instance: past that, 429 `too_many_analyses` (with `Retry-After`).
         */
        get: operations["cleanupDeceasedByBirthYear"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/cleanup/deceased-by-child": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview: parents of a child born on or before a year (editor)
         * @description The parents (through `parent_child` edges of any qualifier) of a child born on or before `born_on_or_before` (required), unless the parent is already deceased (`is_living` false, or a death, burial, cremation, probate or will fact). Each row names the earliest born such child (`child_id`, `child_birth_year`; ties: the lowest id). Birth years are read as the privacy engine reads them (the latest year the birth fact allows). Mark the kept rows deceased with `POST /trees/{id}/cleanup/deceased`.
         *
         *     Editors and owners of the tree; a viewer or a non-member is 403, on a public tree too. A preview writes nothing: it lists the rows a fix would change, sorted by display name (case and accents aside, ties by person id), each with a `reason` in words and the `proposed` value. Members see every person, so no privacy filtering applies. A preview reads the whole tree: the service runs a few tree-wide analyses at once (cleanup previews, GEDCOM previews and `GET /trees/{id}/duplicates`, one per two cores), and the others wait their turn; a request whose client goes away while it waits never runs. An account has at most 2 running or waiting at once on an instance: past that, 429 `too_many_analyses` (with `Retry-After`).
         */
        get: operations["cleanupDeceasedByChild"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/cleanup/deceased": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply: mark the kept people deceased (editor)
         * @description Sets `is_living` to false for the people in `person_ids`: the kept rows of either deceased preview. A person deceased by now (`is_living` false, or a death fact) is skipped as `already_deceased`. An id given twice is one change, not an error.
         *
         *     Editors and owners of the tree; a viewer or a non-member is 403. Send the rows of the preview you keep. Everything runs in one transaction, all or nothing, through the same write as `PATCH /persons/{id}`: one `person.update` audit entry per person, plus one `cleanup.apply` entry with the tool and the counts; the history of each record shows the changes with origin `cleanup`. At most 100,000 rows and a 16 MiB body.
         *
         *     A person who no longer qualifies when the apply runs is not changed but listed in `skipped` with the reason (`deleted`, `already_deceased`, `sex_already_set`, `no_longer_flagged`); `updated` counts the others.
         *
         *     - 422 `unknown_person`: an id that is not a person of this tree (the paths in `errors` name the rows); nothing is changed.
         */
        post: operations["cleanupApplyDeceased"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/cleanup/gender/from-gedcom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview: sex from the tree's original GEDCOM file (editor)
         * @description Upload the tree's original GEDCOM file as the multipart part `file`: for the people whose sex is unset, the preview proposes the SEX of the file's INDI record that matches them. People and records match by full name (any of the person's names against any of the record's, case, accents and spacing aside) and, when both have one, the same birth year. A person matching two records, or a record matching two people, is ambiguous and left out; a matched record without SEX is not listed. `matched_xref` names the record. With `include_ambiguous=true` the ambiguous people are listed too, with `proposed: null` and the reason. Set the kept rows with `POST /trees/{id}/cleanup/gender`.
         *
         *     Editors and owners of the tree; a viewer or a non-member is 403, on a public tree too. A preview writes nothing: it lists the rows a fix would change, sorted by display name (case and accents aside, ties by person id), each with a `reason` in words and the `proposed` value. Members see every person, so no privacy filtering applies. A preview reads the whole tree: the service runs a few tree-wide analyses at once (cleanup previews, GEDCOM previews and `GET /trees/{id}/duplicates`, one per two cores), and the others wait their turn; a request whose client goes away while it waits never runs. An account has at most 2 running or waiting at once on an instance: past that, 429 `too_many_analyses` (with `Retry-After`). A caller who is not an editor is refused before the file is read.
         *
         *     - 422 `not_gedcom`: the file is not GEDCOM; 422 `gedcom_too_large`: a line or record past the import's limits; 422 `invalid_input`: no `file` part.
         *     - 413: the upload is larger than `MAX_UPLOAD_BYTES`.
         */
        post: operations["cleanupSexFromGedcom"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/cleanup/gender/from-first-name": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview: sex from the first given name (editor)
         * @description For the people whose sex is unset, the sex that the bundled English and German given-name dictionary (used offline) gives the first given name of their primary name, case and accents aside (Jürgen = Jurgen; for `Hans-Peter`, `Hans` when the whole name is not in the dictionary). A name the dictionary marks ambiguous, or that this tree gives (in any live name) to people of both sexes, is never proposed; with `include_ambiguous=true` those people are listed with `proposed: null` and the reason. Names the dictionary does not know are not listed. Set the kept rows with `POST /trees/{id}/cleanup/gender`.
         *
         *     Editors and owners of the tree; a viewer or a non-member is 403, on a public tree too. A preview writes nothing: it lists the rows a fix would change, sorted by display name (case and accents aside, ties by person id), each with a `reason` in words and the `proposed` value. Members see every person, so no privacy filtering applies. A preview reads the whole tree: the service runs a few tree-wide analyses at once (cleanup previews, GEDCOM previews and `GET /trees/{id}/duplicates`, one per two cores), and the others wait their turn; a request whose client goes away while it waits never runs. An account has at most 2 running or waiting at once on an instance: past that, 429 `too_many_analyses` (with `Retry-After`).
         */
        get: operations["cleanupSexFromFirstName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/cleanup/gender/from-spouse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview: sex opposite to the partners' (editor)
         * @description For the people whose sex is unset, the opposite of their partners' sex (live partnerships, partners whose sex is set; `partner_ids` names them). A person whose partners are of both sexes is ambiguous and left out; with `include_ambiguous=true` they are listed with `proposed: null` and the reason. People with no partner of known sex are not listed. Set the kept rows with `POST /trees/{id}/cleanup/gender`.
         *
         *     Editors and owners of the tree; a viewer or a non-member is 403, on a public tree too. A preview writes nothing: it lists the rows a fix would change, sorted by display name (case and accents aside, ties by person id), each with a `reason` in words and the `proposed` value. Members see every person, so no privacy filtering applies. A preview reads the whole tree: the service runs a few tree-wide analyses at once (cleanup previews, GEDCOM previews and `GET /trees/{id}/duplicates`, one per two cores), and the others wait their turn; a request whose client goes away while it waits never runs. An account has at most 2 running or waiting at once on an instance: past that, 429 `too_many_analyses` (with `Retry-After`).
         */
        get: operations["cleanupSexFromSpouse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/cleanup/gender": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply: set the sex of the kept people (editor)
         * @description Sets `sex` of each person in `changes`: the kept rows of the three sex previews, each with the sex to set (the preview's `proposed`, or another). A person whose sex is set by now is skipped as `sex_already_set`.
         *
         *     Editors and owners of the tree; a viewer or a non-member is 403. Send the rows of the preview you keep. Everything runs in one transaction, all or nothing, through the same write as `PATCH /persons/{id}`: one `person.update` audit entry per person, plus one `cleanup.apply` entry with the tool and the counts; the history of each record shows the changes with origin `cleanup`. At most 100,000 rows and a 16 MiB body.
         *
         *     A person who no longer qualifies when the apply runs is not changed but listed in `skipped` with the reason (`deleted`, `already_deceased`, `sex_already_set`, `no_longer_flagged`); `updated` counts the others.
         *
         *     - 422 `unknown_person`: an id that is not a person of this tree (the paths in `errors` name the rows); nothing is changed.
         *     - 422 `duplicate_person`: a person appears in two rows; nothing is changed.
         */
        post: operations["cleanupApplyGender"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/cleanup/broken-names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview: broken primary names with a suggested fix (editor)
         * @description Primary names that hold a date in the surname or the given name, have no surname, or pack several people into the given name ("John and Mary", "Anna & Karl", "Hans u. Grete"). `flags` says which, in this order: `date_in_surname`, `date_in_given_name`, `no_surname`, `packed_given_names`. Each row carries the name now (`given_name`, `surname`) and a suggestion (`proposed`): the date and the date words around it removed, only the first person of a packed name kept; a given name is never split to make up a surname. A person with no name at all is listed as having no surname. Edit the suggestions and send the kept rows to `POST /trees/{id}/cleanup/names`.
         *
         *     Editors and owners of the tree; a viewer or a non-member is 403, on a public tree too. A preview writes nothing: it lists the rows a fix would change, sorted by display name (case and accents aside, ties by person id), each with a `reason` in words and the `proposed` value. Members see every person, so no privacy filtering applies. A preview reads the whole tree: the service runs a few tree-wide analyses at once (cleanup previews, GEDCOM previews and `GET /trees/{id}/duplicates`, one per two cores), and the others wait their turn; a request whose client goes away while it waits never runs. An account has at most 2 running or waiting at once on an instance: past that, 429 `too_many_analyses` (with `Retry-After`).
         */
        get: operations["cleanupBrokenNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/cleanup/names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply: write the edited names of the kept people (editor)
         * @description Writes the caller's `given_name` and `surname` over the primary name of each person in `changes`: the kept rows of the broken-names preview, as edited. A person whose primary name is no longer flagged (someone fixed it since the preview) is skipped as `no_longer_flagged`, so a stale preview never undoes an edit.
         *
         *     Editors and owners of the tree; a viewer or a non-member is 403. Send the rows of the preview you keep. Everything runs in one transaction, all or nothing, through the same write as `PATCH /persons/{id}`: one `person.update` audit entry per person, plus one `cleanup.apply` entry with the tool and the counts; the history of each record shows the changes with origin `cleanup`. At most 100,000 rows and a 16 MiB body.
         *
         *     A person who no longer qualifies when the apply runs is not changed but listed in `skipped` with the reason (`deleted`, `already_deceased`, `sex_already_set`, `no_longer_flagged`); `updated` counts the others.
         *
         *     - 422 `unknown_person`: an id that is not a person of this tree (the paths in `errors` name the rows); nothing is changed.
         *     - 422 `duplicate_person`: a person appears in two rows; nothing is changed.
         */
        post: operations["cleanupApplyNames"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/proposals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the proposals of a tree (members)
         * @description The proposals of the tree, newest first, in every state; `status` (`pending`, `applied` or `rejected`) keeps one state only. Any member may list them, viewers too; a non-member is 403 `forbidden`, even on a `public` tree.
         *
         *     Without `limit` every proposal comes in one JSON array (not streamed). With `limit` (1 to 1000) one page: when more may follow, `X-Next-Cursor` holds the cursor to send back as `cursor`, with the same `status`; `Link` (`rel="next"`) gives the next page's address, filter included. A page without `X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.
         */
        get: operations["listProposals"];
        put?: never;
        /**
         * Propose changes (any member)
         * @description Stores a pending proposal, a list of `operations` for an editor to apply or reject, and changes nothing else. Any member may propose, viewers included (a non-member is 403 `forbidden`); the proposal gets origin `contributor` and the caller as `proposer_id`. Each operation is `{op, entity, id?, ref?, data?}`:
         *
         *     - `op` is `create`, `update` or `delete` of a `person`, `name`, `event`, `relationship`, `source` or `citation`, or `merge` of a `person`;
         *     - `data` is the body of the API call the operation stands for: the entity's POST body for a create (a name's also takes `person_id`), its PATCH body for an update, `{other_id}` for a merge; a delete takes none;
         *     - `id` names the record of an update, a delete or a merge (the kept person); a create names none but may carry a `ref`, and a later operation names the record that create makes as `"$ref"`, in `id` or in any `*_id` field of its `data`.
         *
         *     Each operation is checked as the call it stands for: an unknown `op` or `entity` is 422 `invalid_input`; `data` its call would refuse, or a `"$ref"` that names no earlier create, is 422 `invalid_operations` with paths such as `operations[2].data.sex`. At most 1000 operations and a `summary` of at most 2000 characters. Ids are checked when the proposal is applied, not now. Answers 201 with the proposal; `Location` is `/trees/{id}/proposals/{pid}`.
         */
        post: operations["createProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/proposals/{pid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a proposal and its diff (members)
         * @description One proposal of the tree with `diff`, so that a reviewer sees before and after: per operation (`index`), `before` holds the current values of the fields it changes, read as the caller reads them (null for a create; the whole record for a delete; `{person, other}` for a merge; null when the record is gone or not in this tree), beside `after`, the proposed values (null for a delete). Any member may read it, viewers too; a non-member is 403 `forbidden`; a proposal of another tree, or none, is 404.
         *
         *     The answer carries an `ETag`, a hash of the proposal and its diff (it changes when a record the proposal touches changes); send it as `If-Match` with `DELETE /trees/{id}/proposals/{pid}` to delete only the version you read.
         */
        get: operations["getProposal"];
        put?: never;
        post?: never;
        /**
         * Delete a proposal (its proposer, or an editor)
         * @description Removes a proposal in any state. Its proposer may delete it while still a member of the tree, and so may any editor; another member is 403 `forbidden`, a non-member too. A proposal of another tree, or none, is 404. What an apply already changed stays changed; the audit trail keeps both.
         *
         *     To delete only the version you read, send its `ETag` (from `GET /trees/{id}/proposals/{pid}`) as `If-Match`: when the proposal as that GET reads it now has another ETag, nothing is deleted and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; without `If-Match` the proposal is deleted whatever the version). The version holds until the delete is written: a review committed meanwhile makes the delete 412 too. A caller who may not delete it gets that refusal, never a 412.
         */
        delete: operations["deleteProposal"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/proposals/{pid}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a pending proposal (editor)
         * @description Applies a pending proposal: its operations run in order through the same commands as the API calls they stand for, audited as the caller with the proposal's id. `operations`, when sent, replace the stored ones first (edited by the reviewer; checked as when proposing: 422 `invalid_operations`). A `"$ref"` resolves to the record its create made.
         *
         *     - Every operation applied: 200 with `status` `applied`, the caller as `reviewer_id` and `decided_at` set.
         *     - An operation refused (a missing record, a rule of its call): still 200, with the proposal `pending`, `apply_error` `{index, code, detail}` (`code` is the refusal's, such as `not_found` or `invalid_reference`) and `applied_count`, the operations applied before it, which stay applied (a one-operation proposal is all or nothing). A later apply resumes at `applied_count` and never runs an operation twice.
         *
         *     Needs the editor role (403 `forbidden` otherwise); a proposal of another tree, or none, is 404. A proposal that is not pending is 409 `proposal_not_pending`; another apply of the same proposal running at that moment is 409 `proposal_busy`.
         */
        post: operations["applyProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/proposals/{pid}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a pending proposal (editor)
         * @description Marks a pending proposal `rejected`, with the caller as `reviewer_id` and `decided_at` set; nothing more of it is applied (operations that an earlier, failed apply ran stay applied). Needs the editor role (403 `forbidden` otherwise); a proposal of another tree, or none, is 404; one that is not pending is 409 `proposal_not_pending`. The rejection is audited.
         */
        post: operations["rejectProposal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/assistant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the tree's AI assistant (any member)
         * @description Any member of the tree (owner, editor or viewer); a non-member is 403, whatever the tree's visibility. Send the conversation so far (`messages`, oldest first, `user` and `assistant` turns); the tree's `ai_member_provider` (set by the owner with `PATCH /trees/{id}/ai`) answers it.
         *
         *     The model reads the tree only through tools (`search_persons`, `get_person`), which see what the caller may see, for at most 8 rounds. It never changes the tree: a change it suggests is stored through `propose_changes` as a **pending proposal** (origin `assistant`, the caller as proposer) for an editor to apply or reject; `proposal_ids` lists those made by this request. Tool calls are capped per provider answer (`AI_MAX_TOOL_CALLS_PER_ROUND`) and per request (`AI_MAX_TOOL_CALLS`), and proposals per request (`AI_MAX_PROPOSALS`): a call past a cap is not run, and the model is told so. The answer names the `provider` and `model` used. One `assistant.request` audit entry names the tools called, never the messages.
         *
         *     Refusals:
         *
         *     - 409 `ai_disabled`: the tree names no member provider, or one that is no longer configured on this service.
         *     - 502 `provider_unavailable`: the provider is unreachable or answered an error.
         *     - 502 `provider_invalid`: the provider's answer is not a chat completion, or is longer than `AI_MAX_ANSWER_BYTES`.
         *     - 504 `provider_timeout`: no whole answer within `AI_TIMEOUT_MS` (all rounds of the request share it).
         *
         *     A proposal stored in an earlier round stays pending when a later round fails with 502 or 504: look for it in `GET /trees/{id}/proposals`.
         */
        post: operations["askAssistant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/recommendations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recommend duplicates, parents, children and partners for a person (members)
         * @description Any member of the tree (owner, editor or viewer); a non-member is 403, whatever the tree's visibility. `person_id` must be a live person of the tree (else 404). Candidates for that person, best first, among people not yet connected to them, found by name (two trigram searches: the full name and the surname, about a hundred persons read whatever the tree's size):
         *
         *     - `possible_duplicate`: the duplicate finder's scoring (at most 5), with a `merge` operation; pairs dismissed with `POST /trees/{id}/duplicates/dismiss` are left out.
         *     - `possible_parent`, `possible_child`: by surname, a plausible generation gap and a shared birth place.
         *     - `possible_partner`: two people who are parents of one child with no partnership between them.
         *
         *     Each has `person_ids` (the person, then the candidate), a `score` from 0 to 1, `reasons` in words, and `operations` ready to send as a proposal (`POST /trees/{id}/proposals`); nothing is written. With the tree's `ai_recommender_provider` set, that provider re-ranks the candidates and adds a `rationale` to each; it is sent only the candidates' facts (kind, names, birth years, reasons, score) and can neither add a candidate nor change an operation. A provider that fails, is late or answers something unreadable leaves the service's own ranking: never an error of this request.
         */
        get: operations["listRecommendations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/relationship": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find how two persons are related (members)
         * @description Any member of the tree (owner, editor or viewer); a non-member is 403, whatever the tree's visibility. `from` and `to` must be live persons of the tree (else 404).
         *
         *     Answers what `to` is to `from`: `relationship`, an English kinship term ("grandmother", "first cousin once removed", "half-brother", "wife", "father-in-law", "stepson"; a chained description for longer paths, "wife's first cousin"; "self" when both are one person), or null when they are not connected within 40 steps. `path` is the shortest chain from `from` to `to` through `parent_child` and partnership edges (associations do not count): each step says what that person is to the one before (`parent`, `child`, `partner`; the first has `step` null); empty when not connected. `common_ancestor_ids` lists the common ancestors of a blood relation.
         */
        get: operations["findRelationship"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/duplicates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List likely duplicate persons of the tree (members)
         * @description Any member of the tree (owner, editor or viewer); a non-member is 403, whatever the tree's visibility. Finds pairs of live persons who are likely one person: `score` `high` before `medium`, best first, at most 10,000 pairs, in one answer (no paging). `person_ids` are in id order; `reasons` says in words what was weighed.
         *
         *     A pair is weighed on every name against every name (alternate names, spelling variants, given names in another order, the same given names under another surname explained by a partner or a married or maiden name), birth and death years (more than two apart: never the same person) and places, an exact birth day, parents' names (disagreeing parents: never `high`) and partners' names. Never proposed: persons of different recorded sexes, a parent and child, partners, siblings born on different dates, and a pair dismissed with `POST /trees/{id}/duplicates/dismiss`. Merge a pair with `POST /persons/{id}/merge`.
         *
         *     The finder reads the whole tree: the service runs a few tree-wide analyses at once (this one and GEDCOM previews, one per two cores), and the others wait their turn, so on a large tree the answer may take some seconds more while others run. A request whose client goes away while it waits never runs. An account has at most 2 running or waiting at once on an instance: past that, 429 `too_many_analyses` (with `Retry-After`).
         */
        get: operations["listDuplicates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/duplicates/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dismiss a pair of persons as not duplicates (editor)
         * @description Editors and owners of the tree; a viewer or a non-member is 403. Remembers for good that the two persons in `person_ids` are not one: the pair never comes back in `GET /trees/{id}/duplicates` or in the recommendations, whatever either person later becomes. Both must be persons of this tree, live or deleted, in either order. Dismissing a dismissed pair again changes nothing and answers 204 too.
         *
         *     - 422 `invalid_input`: the same person twice, or an id that is not a person of this tree.
         */
        post: operations["dismissDuplicate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persons/{id}/merge-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview merging another person into this one (editor)
         * @description What `POST /persons/{id}/merge` with this `other_id` would do now, from the same checks and the same plan, without writing anything: `person` (the kept one) and `other` as they are; the names and events that move (as they will be, on the kept person) and the `duplicates` that stay with the other person and go with them; the relationships that move, those `dropped` (`self`: an edge between the two; `duplicate`: an edge the kept person already has) and the `conflicts`, where such a duplicate `parent_child` edge has another qualifier (the kept edge keeps its own); how many `citations` and `media` items are re-targeted; `fills`, the unset fields of the kept person that take the other's value; and the kept person's `notes` after the merge. Needs the editor role (403 `forbidden` otherwise); a missing or deleted kept person is 404; an `other_id` that is this person, or not a live person of the same tree, is 422 `invalid_input` at `other_id`.
         */
        get: operations["previewMerge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persons/{id}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge another person into this one (editor)
         * @description Merges the person `other_id` into this person, the kept one, in one step. The other's names (as alternates, never primary), events and relationships move to the kept person, with the citations and media attached to them (re-targeted to the kept person, or to the kept twin of a duplicate); the other's notes are appended and their identifiers added; `sex` and `is_living` fill the kept person's where unset, and a `private` setting of the other's carries over. Names and events equal to the kept person's, edges between the two and edges the kept person already has stay with the other person (`GET /persons/{id}/merge-preview` shows all of it first). The other person is then soft-deleted with `merged_into` set to this person, and a "this is me" or home person pointing at them moves here. Restoring the other person (`POST /persons/{id}/restore`) undoes the merge.
         *
         *     Needs the editor role (403 `forbidden` otherwise); a missing or deleted kept person is 404; an `other_id` that is this person, or not a live person of the same tree, is 422 `invalid_input` at `other_id`. When the other person is deleted or merged by a concurrent request, the answer is 409 `person_changed` and nothing is merged. Answers the kept person as `GET /persons/{id}` reads it; one audit entry.
         */
        post: operations["mergePersons"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persons/{id}/pedigree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a person's pedigree chart (ancestors)
         * @description The person's ancestors: parents male first, then female, then unknown, then by birth year. The answer is the root node `{ person, ref: false, parents: [...] }`, where `person` is what a person read gives this reader, nested to `generations` (1 to 10, default 4, counting the person: 1 is the person alone; outside that range, 422). A person reached a second time (pedigree collapse, cousins who married, a loop in bad data) is expanded once, at the shallowest generation, and is `{ person, ref: true }` with no list everywhere else. At most 5,000 distinct persons: a node whose next generation was cut by that cap has `truncated: true`.
         *
         *     Members of the person's tree (any role) see everyone in full. A signed-in non-member may read the chart when the tree's visibility lets them view it (`public`, `unlisted`, `site_members`), through the privacy engine: living persons appear as `Living person` boxes (`redacted: true`, every other field null), after the others, and the chart goes on through them; hidden persons are left out together with everyone reachable only through them; a hidden, deleted or unknown root is 404. A non-member of a `private` tree is 403.
         */
        get: operations["getPedigree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/persons/{id}/pedigree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a person's pedigree chart (ancestors) on the public surface
         * @description As the anonymous surface shows them, the person's ancestors: parents male first, then female, then unknown, then by birth year. The answer is the root node `{ person, ref: false, parents: [...] }`, where `person` is what a person read gives this reader, nested to `generations` (1 to 10, default 4, counting the person: 1 is the person alone; outside that range, 422). A person reached a second time (pedigree collapse, cousins who married, a loop in bad data) is expanded once, at the shallowest generation, and is `{ person, ref: true }` with no list everywhere else. At most 5,000 distinct persons: a node whose next generation was cut by that cap has `truncated: true`.
         *
         *     Anyone may call it, signed in or not (a session of an unverified account, where `REQUIRE_EMAIL_VERIFICATION` is on, is 403 `email_unverified`). The tree must be viewable without membership: `public` and `unlisted` trees to anyone, `site_members` trees to signed-in callers; any other tree is 404, as an unknown person is. Everyone, members of the tree too, reads as a non-member, through the privacy engine: living persons appear as `Living person` boxes (`redacted: true`, every other field null), after the others, and the chart goes on through them; hidden persons are left out together with everyone reachable only through them; a hidden, deleted or unknown root is 404.
         */
        get: operations["publicPedigree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persons/{id}/descendants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a person's descendant chart
         * @description The person's descendants: children by birth year. The answer is the root node `{ person, ref: false, children: [...] }`, where `person` is what a person read gives this reader, nested to `generations` (1 to 10, default 4, counting the person: 1 is the person alone; outside that range, 422). A person reached a second time (pedigree collapse, cousins who married, a loop in bad data) is expanded once, at the shallowest generation, and is `{ person, ref: true }` with no list everywhere else. At most 5,000 distinct persons: a node whose next generation was cut by that cap has `truncated: true`.
         *
         *     Members of the person's tree (any role) see everyone in full. A signed-in non-member may read the chart when the tree's visibility lets them view it (`public`, `unlisted`, `site_members`), through the privacy engine: living persons appear as `Living person` boxes (`redacted: true`, every other field null), after the others, and the chart goes on through them; hidden persons are left out together with everyone reachable only through them; a hidden, deleted or unknown root is 404. A non-member of a `private` tree is 403.
         */
        get: operations["getDescendants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/persons/{id}/descendants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a person's descendant chart on the public surface
         * @description As the anonymous surface shows them, the person's descendants: children by birth year. The answer is the root node `{ person, ref: false, children: [...] }`, where `person` is what a person read gives this reader, nested to `generations` (1 to 10, default 4, counting the person: 1 is the person alone; outside that range, 422). A person reached a second time (pedigree collapse, cousins who married, a loop in bad data) is expanded once, at the shallowest generation, and is `{ person, ref: true }` with no list everywhere else. At most 5,000 distinct persons: a node whose next generation was cut by that cap has `truncated: true`.
         *
         *     Anyone may call it, signed in or not (a session of an unverified account, where `REQUIRE_EMAIL_VERIFICATION` is on, is 403 `email_unverified`). The tree must be viewable without membership: `public` and `unlisted` trees to anyone, `site_members` trees to signed-in callers; any other tree is 404, as an unknown person is. Everyone, members of the tree too, reads as a non-member, through the privacy engine: living persons appear as `Living person` boxes (`redacted: true`, every other field null), after the others, and the chart goes on through them; hidden persons are left out together with everyone reachable only through them; a hidden, deleted or unknown root is 404.
         */
        get: operations["publicDescendants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tree's GEDCOM imports (members)
         * @description The tree's GEDCOM imports, newest first: `import_id`, `file_name`, when (`at`), who (`actor`), the counts per kind the import reported, and `undone_at` (null until `POST /trees/{id}/imports/{import_id}/undo`).
         *
         *     Members of the tree (any role) read it; anyone else signed in gets 404, as for an unknown id, whatever the tree's visibility.
         *
         *     At most `limit` imports an answer (1 to 1000; 1000 when not given). When more follow, `X-Next-Cursor` holds the next page's cursor and `Link: <...>; rel="next"` its address: pass the cursor back as `cursor` (one this service did not give out is 422 `invalid_cursor`).
         */
        get: operations["listImports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/imports/{import_id}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo a GEDCOM import (editor)
         * @description Editors and owners of the tree; a viewer is 403, anyone else signed in 404. In one transaction, and as changes of origin `restore`: what the import created is deleted (one deletion, recoverable until the purge after `PURGE_AFTER_DAYS`), and what it changed of existing persons (merged into, overwritten) is put back. A record someone changed since the import is kept as it is and listed in `left` (at most 1,000 listed), unless the body is `{"force": true}`. Answers the records deleted per kind (`deleted`), how many existing records were put back (`reverted`) and `left`. Audited as `import.undo`.
         *
         *     - 409 `import_undone`: the import was undone already; an import is undone once.
         *
         *     An undo takes its turn with the imports and account restores running on the instance (one per two cores at once); the others wait, with the request open. A request whose client goes away while it waits never runs.
         *     - 404: no such import in this tree.
         */
        post: operations["undoImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persons/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a person's history (members)
         * @description The person's changes, newest first, with those of its names, its events, its partnerships' events and its edges. A deleted person keeps its history and can be read here. Each change has its `change_id`, when (`at`), who (`actor`: the user id and a display text, null when unknown), the `action` (`create`, `update`, `delete`, `undelete`), why (`origin`: `api`, `cleanup`, `proposal`, `merge`, `gedcom_import`, `account_import`, `restore`), the `record` it changed (`type`, `id`) and each field it changed, `before` and `after`, named as the API names them.
         *
         *     Members of the tree (any role) read it; anyone else signed in gets 404, as for an unknown id, whatever the tree's visibility.
         *
         *     50 changes a page unless `limit` (1 to 1000). When more follow, `X-Next-Cursor` holds the next page's cursor and `Link: <...>; rel="next"` its address: pass the cursor back as `cursor` (one this service did not give out is 422 `invalid_cursor`).
         */
        get: operations["getPersonHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persons/{id}/history/{change_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a person to before a change (editor)
         * @description Editors and owners of the tree; a viewer is 403, anyone else signed in 404. Puts the record that the change `change_id` wrote (the person, or one of its names, events or edges: any change of the person's history) back as it was just before that change, as one new change of origin `restore`: an update's fields get their `before` values; restoring a deletion undeletes (a person with the edges deleted with it); restoring a creation, or an undeletion, deletes. Answers the change the restore wrote (when nothing differed, the record's newest change). Audited as `record.restore`.
         *
         *     - 409 `history_conflict`: a field that change wrote was changed again since (its value is no longer the change's `after`); `errors` names the fields. Send `{"force": true}` to restore anyway.
         *     - 404: no such change in this person's history.
         */
        post: operations["restorePersonChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an event's history (members)
         * @description The event's changes, newest first. A deleted event keeps its history and can be read here. Each change has its `change_id`, when (`at`), who (`actor`: the user id and a display text, null when unknown), the `action` (`create`, `update`, `delete`, `undelete`), why (`origin`: `api`, `cleanup`, `proposal`, `merge`, `gedcom_import`, `account_import`, `restore`), the `record` it changed (`type`, `id`) and each field it changed, `before` and `after`, named as the API names them.
         *
         *     Members of the tree (any role) read it; anyone else signed in gets 404, as for an unknown id, whatever the tree's visibility.
         *
         *     50 changes a page unless `limit` (1 to 1000). When more follow, `X-Next-Cursor` holds the next page's cursor and `Link: <...>; rel="next"` its address: pass the cursor back as `cursor` (one this service did not give out is 422 `invalid_cursor`).
         */
        get: operations["getEventHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}/history/{change_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore an event to before a change (editor)
         * @description Editors and owners of the tree; a viewer is 403, anyone else signed in 404. Puts the event back as it was just before that change, as one new change of origin `restore`: an update's fields get their `before` values; restoring a deletion undeletes; restoring a creation, or an undeletion, deletes. Answers the change the restore wrote (when nothing differed, the record's newest change). Audited as `record.restore`.
         *
         *     - 409 `history_conflict`: a field that change wrote was changed again since (its value is no longer the change's `after`); `errors` names the fields. Send `{"force": true}` to restore anyway.
         *     - 404: no such change in this event's history.
         */
        post: operations["restoreEventChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/relationships/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a relationship's history (members)
         * @description The relationship's changes, newest first. A deleted relationship keeps its history and can be read here. Each change has its `change_id`, when (`at`), who (`actor`: the user id and a display text, null when unknown), the `action` (`create`, `update`, `delete`, `undelete`), why (`origin`: `api`, `cleanup`, `proposal`, `merge`, `gedcom_import`, `account_import`, `restore`), the `record` it changed (`type`, `id`) and each field it changed, `before` and `after`, named as the API names them.
         *
         *     Members of the tree (any role) read it; anyone else signed in gets 404, as for an unknown id, whatever the tree's visibility.
         *
         *     50 changes a page unless `limit` (1 to 1000). When more follow, `X-Next-Cursor` holds the next page's cursor and `Link: <...>; rel="next"` its address: pass the cursor back as `cursor` (one this service did not give out is 422 `invalid_cursor`).
         */
        get: operations["getRelationshipHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/relationships/{id}/history/{change_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a relationship to before a change (editor)
         * @description Editors and owners of the tree; a viewer is 403, anyone else signed in 404. Puts the relationship back as it was just before that change, as one new change of origin `restore`: an update's fields get their `before` values; restoring a deletion undeletes; restoring a creation, or an undeletion, deletes. Answers the change the restore wrote (when nothing differed, the record's newest change). Audited as `record.restore`.
         *
         *     - 409 `history_conflict`: a field that change wrote was changed again since (its value is no longer the change's `after`); `errors` names the fields. Send `{"force": true}` to restore anyway.
         *     - 404: no such change in this relationship's history.
         */
        post: operations["restoreRelationshipChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sources/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a source's history (members)
         * @description The source's changes, newest first. A deleted source keeps its history and can be read here. Each change has its `change_id`, when (`at`), who (`actor`: the user id and a display text, null when unknown), the `action` (`create`, `update`, `delete`, `undelete`), why (`origin`: `api`, `cleanup`, `proposal`, `merge`, `gedcom_import`, `account_import`, `restore`), the `record` it changed (`type`, `id`) and each field it changed, `before` and `after`, named as the API names them.
         *
         *     Members of the tree (any role) read it; anyone else signed in gets 404, as for an unknown id, whatever the tree's visibility.
         *
         *     50 changes a page unless `limit` (1 to 1000). When more follow, `X-Next-Cursor` holds the next page's cursor and `Link: <...>; rel="next"` its address: pass the cursor back as `cursor` (one this service did not give out is 422 `invalid_cursor`).
         */
        get: operations["getSourceHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sources/{id}/history/{change_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a source to before a change (editor)
         * @description Editors and owners of the tree; a viewer is 403, anyone else signed in 404. Puts the source back as it was just before that change, as one new change of origin `restore`: an update's fields get their `before` values; restoring a deletion undeletes; restoring a creation, or an undeletion, deletes. Answers the change the restore wrote (when nothing differed, the record's newest change). Audited as `record.restore`.
         *
         *     - 409 `history_conflict`: a field that change wrote was changed again since (its value is no longer the change's `after`); `errors` names the fields. Send `{"force": true}` to restore anyway.
         *     - 404: no such change in this source's history.
         */
        post: operations["restoreSourceChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/citations/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a citation's history (members)
         * @description The citation's changes, newest first. A deleted citation keeps its history and can be read here. Each change has its `change_id`, when (`at`), who (`actor`: the user id and a display text, null when unknown), the `action` (`create`, `update`, `delete`, `undelete`), why (`origin`: `api`, `cleanup`, `proposal`, `merge`, `gedcom_import`, `account_import`, `restore`), the `record` it changed (`type`, `id`) and each field it changed, `before` and `after`, named as the API names them.
         *
         *     Members of the tree (any role) read it; anyone else signed in gets 404, as for an unknown id, whatever the tree's visibility.
         *
         *     50 changes a page unless `limit` (1 to 1000). When more follow, `X-Next-Cursor` holds the next page's cursor and `Link: <...>; rel="next"` its address: pass the cursor back as `cursor` (one this service did not give out is 422 `invalid_cursor`).
         */
        get: operations["getCitationHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/citations/{id}/history/{change_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a citation to before a change (editor)
         * @description Editors and owners of the tree; a viewer is 403, anyone else signed in 404. Puts the citation back as it was just before that change, as one new change of origin `restore`: an update's fields get their `before` values; restoring a deletion undeletes; restoring a creation, or an undeletion, deletes. Answers the change the restore wrote (when nothing differed, the record's newest change). Audited as `record.restore`.
         *
         *     - 409 `history_conflict`: a field that change wrote was changed again since (its value is no longer the change's `after`); `errors` names the fields. Send `{"force": true}` to restore anyway.
         *     - 404: no such change in this citation's history.
         */
        post: operations["restoreCitationChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a media item's history (members)
         * @description The media item's changes, newest first. A deleted media item keeps its history and can be read here. Each change has its `change_id`, when (`at`), who (`actor`: the user id and a display text, null when unknown), the `action` (`create`, `update`, `delete`, `undelete`), why (`origin`: `api`, `cleanup`, `proposal`, `merge`, `gedcom_import`, `account_import`, `restore`), the `record` it changed (`type`, `id`) and each field it changed, `before` and `after`, named as the API names them.
         *
         *     Members of the tree (any role) read it; anyone else signed in gets 404, as for an unknown id, whatever the tree's visibility.
         *
         *     50 changes a page unless `limit` (1 to 1000). When more follow, `X-Next-Cursor` holds the next page's cursor and `Link: <...>; rel="next"` its address: pass the cursor back as `cursor` (one this service did not give out is 422 `invalid_cursor`).
         */
        get: operations["getMediaHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}/history/{change_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a media item to before a change (editor)
         * @description Editors and owners of the tree; a viewer is 403, anyone else signed in 404. Puts the media item back as it was just before that change, as one new change of origin `restore`: an update's fields get their `before` values; restoring a deletion undeletes; restoring a creation, or an undeletion, deletes. Answers the change the restore wrote (when nothing differed, the record's newest change). Audited as `record.restore`.
         *
         *     - 409 `history_conflict`: a field that change wrote was changed again since (its value is no longer the change's `after`); `errors` names the fields. Send `{"force": true}` to restore anyway.
         *     - 404: no such change in this media item's history.
         */
        post: operations["restoreMediaChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/repositories/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a repository's history (members)
         * @description The repository's changes, newest first. A deleted repository keeps its history and can be read here. Each change has its `change_id`, when (`at`), who (`actor`: the user id and a display text, null when unknown), the `action` (`create`, `update`, `delete`, `undelete`), why (`origin`: `api`, `cleanup`, `proposal`, `merge`, `gedcom_import`, `account_import`, `restore`), the `record` it changed (`type`, `id`) and each field it changed, `before` and `after`, named as the API names them.
         *
         *     Members of the tree (any role) read it; anyone else signed in gets 404, as for an unknown id, whatever the tree's visibility.
         *
         *     50 changes a page unless `limit` (1 to 1000). When more follow, `X-Next-Cursor` holds the next page's cursor and `Link: <...>; rel="next"` its address: pass the cursor back as `cursor` (one this service did not give out is 422 `invalid_cursor`).
         */
        get: operations["getRepositoryHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/repositories/{id}/history/{change_id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a repository to before a change (editor)
         * @description Editors and owners of the tree; a viewer is 403, anyone else signed in 404. Puts the repository back as it was just before that change, as one new change of origin `restore`: an update's fields get their `before` values; restoring a deletion undeletes; restoring a creation, or an undeletion, deletes. Answers the change the restore wrote (when nothing differed, the record's newest change). Audited as `record.restore`.
         *
         *     - 409 `history_conflict`: a field that change wrote was changed again since (its value is no longer the change's `after`); `errors` names the fields. Send `{"force": true}` to restore anyway.
         *     - 404: no such change in this repository's history.
         */
        post: operations["restoreRepositoryChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trees/{id}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tree's changes (members)
         * @description The tree's change feed, newest first: every change of its persons, names, events, relationships, sources, citations, media and repositories, deleted records included. Each change has its `change_id`, when (`at`), who (`actor`: the user id and a display text, null when unknown), the `action` (`create`, `update`, `delete`, `undelete`), why (`origin`: `api`, `cleanup`, `proposal`, `merge`, `gedcom_import`, `account_import`, `restore`), the `record` it changed (`type`, `id`) and each field it changed, `before` and `after`, named as the API names them.
         *
         *     Filters, combined: `since` (a date or date-time: changes at or after it), `actor` (a user id: the changes that user made) and `kind` (one of `person`, `name`, `event`, `relationship`, `source`, `citation`, `media`, `repository`). The `Link` to the next page keeps them.
         *
         *     Members of the tree (any role) read it; anyone else signed in gets 404, as for an unknown id, whatever the tree's visibility.
         *
         *     50 changes a page unless `limit` (1 to 1000). When more follow, `X-Next-Cursor` holds the next page's cursor and `Link: <...>; rel="next"` its address: pass the cursor back as `cursor` (one this service did not give out is 422 `invalid_cursor`).
         */
        get: operations["listTreeChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/trees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the public trees (directory)
         * @description The directory: every `public` tree and, for a signed-in caller, every `site_members` tree, ordered by id, each as `{id, name, description, visibility}`; `unlisted` and `private` trees are never listed (an `unlisted` tree is read by its link).
         *
         *     Anonymous callers are welcome: this surface never answers 401 (an invalid or expired session reads as anonymous), and everyone, members too, reads it as a non-member. A session of an account whose email is not verified, where `REQUIRE_EMAIL_VERIFICATION` is on, is 403 `email_unverified`.
         */
        get: operations["publicDirectory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/trees/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a viewable tree
         * @description A tree as a non-member reads it: `{id, name, description, visibility}`. `public` and `unlisted` trees are viewable by anyone, `site_members` trees by any signed-in account. A tree the caller may not view (`private`, `site_members` to an anonymous caller), or a deleted one, is 404, never 403. The answer carries an `ETag`, a hash of what was shown.
         *
         *     Anonymous callers are welcome: this surface never answers 401 (an invalid or expired session reads as anonymous), and everyone, members too, reads it as a non-member. A session of an account whose email is not verified, where `REQUIRE_EMAIL_VERIFICATION` is on, is 403 `email_unverified`.
         */
        get: operations["publicTree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/trees/{id}/persons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List or search the persons of a viewable tree
         * @description The persons of a viewable tree as a non-member sees them: a possibly-living person is redacted (`display_name` `Living person`, `redacted: true`, every other field null), a person whose `privacy` is `private` is left out, and the others are shown in full. `q` is a fuzzy, typo-tolerant name search, best match first, among the persons shown in full only (a withheld name never finds anyone); it answers at most `limit` persons (20 when `limit` is not given), never streamed, with `X-Next-Cursor` when more may follow, and the persons found carry their `names`. A tree the caller may not view is 404.
         *
         *     Without `limit` the whole list comes as one JSON array, streamed (a failure after the first bytes can only cut it short). An account, or an anonymous client address, has at most `STREAMS_PER_USER` (default 2) streamed answers running at once; past that the answer is 429 `too_many_streams` with `Retry-After`. With `limit` (1 to 1000) one page ordered by id is answered, not streamed: when more may follow, `X-Next-Cursor` holds the cursor to send back as `cursor`, and `Link` (`rel="next"`) the next page's address; a page without `X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.
         *
         *     Anonymous callers are welcome: this surface never answers 401 (an invalid or expired session reads as anonymous), and everyone, members too, reads it as a non-member. A session of an account whose email is not verified, where `REQUIRE_EMAIL_VERIFICATION` is on, is 403 `email_unverified`.
         */
        get: operations["publicPersons"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/trees/{id}/relationships": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the relationships of a viewable tree
         * @description The relationships of a viewable tree whose two persons are both not hidden (a person whose `privacy` is `private` is hidden), ordered by id; `notes`, `qualifier` and `role` are null unless both persons are shown in full (an edge touching a redacted person keeps only its ids and type). A tree the caller may not view is 404.
         *
         *     Without `limit` the whole list comes as one JSON array, streamed (a failure after the first bytes can only cut it short). An account, or an anonymous client address, has at most `STREAMS_PER_USER` (default 2) streamed answers running at once; past that the answer is 429 `too_many_streams` with `Retry-After`. With `limit` (1 to 1000) one page ordered by id is answered, not streamed: when more may follow, `X-Next-Cursor` holds the cursor to send back as `cursor`, and `Link` (`rel="next"`) the next page's address; a page without `X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.
         *
         *     Anonymous callers are welcome: this surface never answers 401 (an invalid or expired session reads as anonymous), and everyone, members too, reads it as a non-member. A session of an account whose email is not verified, where `REQUIRE_EMAIL_VERIFICATION` is on, is 403 `email_unverified`.
         */
        get: operations["publicRelationships"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/trees/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the events of a viewable tree
         * @description The events of a viewable tree whose persons are shown in full, ordered by id: a person's event when that person is, a partnership event when both partners are. Events of redacted (possibly living) or hidden persons are left out. A tree the caller may not view is 404.
         *
         *     Without `limit` the whole list comes as one JSON array, streamed (a failure after the first bytes can only cut it short). An account, or an anonymous client address, has at most `STREAMS_PER_USER` (default 2) streamed answers running at once; past that the answer is 429 `too_many_streams` with `Retry-After`. With `limit` (1 to 1000) one page ordered by id is answered, not streamed: when more may follow, `X-Next-Cursor` holds the cursor to send back as `cursor`, and `Link` (`rel="next"`) the next page's address; a page without `X-Next-Cursor` is the last. A `cursor` this service did not give out is 422 `invalid_cursor`.
         *
         *     Anonymous callers are welcome: this surface never answers 401 (an invalid or expired session reads as anonymous), and everyone, members too, reads it as a non-member. A session of an account whose email is not verified, where `REQUIRE_EMAIL_VERIFICATION` is on, is 403 `email_unverified`.
         */
        get: operations["publicEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/persons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a person of a viewable tree
         * @description One person as a non-member sees them: in full, with their `names`; redacted when possibly living (`display_name` `Living person`, `redacted: true`, every other field null, no `names`); or 404 when their `privacy` is `private`, as if they did not exist. A deleted person, or one of a tree the caller may not view, is 404 too. The answer carries an `ETag`, a hash of what was shown.
         *
         *     Anonymous callers are welcome: this surface never answers 401 (an invalid or expired session reads as anonymous), and everyone, members too, reads it as a non-member. A session of an account whose email is not verified, where `REQUIRE_EMAIL_VERIFICATION` is on, is 403 `email_unverified`.
         */
        get: operations["publicPerson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/persons/{id}/names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the names of a person of a viewable tree
         * @description The names of a person shown in full to a non-member, primary first; for a redacted (possibly living) person the list is empty. A person whose `privacy` is `private`, a deleted person, or a person of a tree the caller may not view is 404.
         *
         *     Anonymous callers are welcome: this surface never answers 401 (an invalid or expired session reads as anonymous), and everyone, members too, reads it as a non-member. A session of an account whose email is not verified, where `REQUIRE_EMAIL_VERIFICATION` is on, is 403 `email_unverified`.
         */
        get: operations["publicPersonNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/persons/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the events of a person of a viewable tree
         * @description The events of a person shown in full to a non-member, with the events of their partnerships whose two partners are both shown in full; for a redacted (possibly living) person the list is empty. A person whose `privacy` is `private`, a deleted person, or a person of a tree the caller may not view is 404.
         *
         *     Anonymous callers are welcome: this surface never answers 401 (an invalid or expired session reads as anonymous), and everyone, members too, reads it as a non-member. A session of an account whose email is not verified, where `REQUIRE_EMAIL_VERIFICATION` is on, is 403 `email_unverified`.
         */
        get: operations["publicPersonEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The problem+json body of every error: a stable `code` to branch on, and the fields at fault when there are any. */
        Problem: {
            /** @description A URI naming the problem type: `about:blank#` followed by `code`. */
            type: string;
            /** @description The HTTP reason phrase of `status` (`Not Found`, `Unprocessable Content`...). */
            title: string;
            /** @description The HTTP status code, as on the response. */
            status: number;
            /** @description A stable machine word for what went wrong (`not_found`, `invalid_input`, `invalid_reference`, `last_owner`...): branch on this, not on the words. */
            code: string;
            /** @description What went wrong, in words for a person to read. */
            detail: string;
            /** @description The fields at fault, one entry each, when the problem is about particular fields of the request (mostly 422). */
            errors?: components["schemas"]["FieldError"][];
        };
        FieldError: {
            /** @description Where the field is in the request: dotted, with list indexes (`birth.date.month`, `operations[2].data.sex`). */
            path: string;
            /** @description What is wrong with it (`required`, `at most 500 characters`...). */
            message: string;
        };
        NewAccount: {
            /**
             * Format: email
             * @description The account's email address: its sign-in name.
             */
            email: string;
            /** @description At least 8 characters (else 422 weak_password). */
            password: string;
        };
        /** @description A new session: the user and their token (also set as the HttpOnly `session` cookie). */
        AuthResult: {
            /** @description The signed-in user. */
            user: components["schemas"]["UserRead"];
            /** @description The session token: send it as `Authorization: Bearer <token>`. The same session is also set as the HttpOnly `session` cookie. */
            token: string;
        };
        /** @description The signed-in user. */
        UserRead: {
            /**
             * Format: uuid
             * @description The user's id.
             */
            id: string;
            /** @description The account's email address: its sign-in name. */
            email: string;
            /** @description True once the email was confirmed through the mailed link; the instance owner role needs it. */
            email_verified: boolean;
            /**
             * Format: uuid
             * @description The person the user is ("this is me"); null when unset. Cleared when that person is deleted.
             */
            self_person_id: string | null;
            /** @description True when the account's email is listed in OWNER_EMAIL and verified: the operator, who may read GET /admin/instance (and no tree data through it). */
            is_instance_owner: boolean;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             */
            created_at: string;
        };
        Credentials: {
            /**
             * Format: email
             * @description The account's email address: its sign-in name.
             */
            email: string;
            /** @description The account's password (a new one: at least 8 characters, else 422 weak_password). */
            password: string;
        };
        TokenBody: {
            /** @description The token of the verification link (its `token=` value). */
            token: string;
        };
        PasswordResetRequest: {
            /**
             * Format: email
             * @description The email of the account to reset; the answer is the same whether or not an account has it.
             */
            email: string;
        };
        PasswordResetConfirm: {
            /** @description The token of the reset link (its `token=` value). */
            token: string;
            /** @description At least 8 characters (else 422 weak_password). */
            new_password: string;
        };
        ChangePassword: {
            /** @description The current password, verified again (422 wrong_password when it does not match). */
            current_password: string;
            /** @description At least 8 characters (else 422 weak_password). */
            new_password: string;
        };
        SelfPersonUpdate: {
            /**
             * Format: uuid
             * @description The person the caller is ("this is me"): a live person they see in full; null clears it.
             */
            person_id: string | null;
        };
        AccountDeletion: {
            /**
             * Format: email
             * @description The account's email, retyped to confirm the deletion (422 email_mismatch when it differs).
             */
            email: string;
        };
        AccountImport: {
            /**
             * Format: binary
             * @description A zip written by GET /users/me/export
             */
            file: string;
        };
        /** @description What a restored backup became: one new tree per tree of the backup, with the counts of what was restored. */
        AccountImportReport: {
            /** @description One entry per restored tree: a new tree owned by the caller, with new ids throughout. */
            trees: {
                /**
                 * Format: uuid
                 * @description The tree's id in the backup (the tree it was exported from).
                 */
                source_id: string;
                /**
                 * Format: uuid
                 * @description The new tree's id.
                 */
                id: string;
                /** @description The restored tree's name. */
                name: string;
                /** @description Records restored, by kind: for this tree, and at the top for the whole backup. */
                counts: components["schemas"]["AccountCounts"];
                /** @description The tree's other members in the backup: not restored (only the caller becomes a member); add them again by email. */
                members_not_restored: {
                    /** @description The member's email in the backup. */
                    email: string;
                    /** @description A member's role in the tree: `owner` (everything, including members, the AI policy, delete and purge), `editor` (writes records, applies proposals) or `viewer` (reads, proposes changes). */
                    role: components["schemas"]["Role"];
                }[];
            }[];
            /** @description Records restored, by kind: for this tree, and at the top for the whole backup. */
            counts: components["schemas"]["AccountCounts"];
        };
        AccountCounts: {
            /** @description Trees. */
            trees: number;
            /** @description Persons. */
            persons: number;
            /** @description Names. */
            names: number;
            /** @description Places (each place text of a tree once). */
            places: number;
            /** @description Relationships (parent-child, partnership and association edges). */
            relationships: number;
            /** @description Life events. */
            events: number;
            /** @description Repositories (archives and libraries that hold sources). */
            repositories: number;
            /** @description Sources. */
            sources: number;
            /** @description Citations. */
            citations: number;
            /** @description Media items, their files stored again and checked against their checksums. */
            media: number;
            /** @description Change proposals. */
            proposals: number;
            /** @description Pairs of persons dismissed as not duplicates. */
            duplicate_dismissals: number;
        };
        /** @enum {string} */
        Role: "owner" | "editor" | "viewer";
        TreeCreate: {
            /** @description The tree's name. */
            name: string;
            /** @description What the tree holds, in words for its readers; empty when none. */
            description?: string;
            /** @description Who may view the tree besides its members: `private` (members only), `site_members` (any signed-in user of this instance), `unlisted` (anyone with the link; never in the directory) or `public` (anyone; listed in the directory). Non-members see possibly living persons redacted. A new tree is `private` unless one is given. */
            visibility?: components["schemas"]["Visibility"];
        };
        /** @enum {string} */
        Visibility: "private" | "site_members" | "unlisted" | "public";
        /** @description A family tree, with the caller's role in it. */
        TreeRead: {
            /**
             * Format: uuid
             * @description The tree's id.
             */
            id: string;
            /** @description The tree's name. */
            name: string;
            /** @description What the tree holds, in words for its readers; empty when none. */
            description: string;
            /** @description Who may view the tree besides its members: `private` (members only), `site_members` (any signed-in user of this instance), `unlisted` (anyone with the link; never in the directory) or `public` (anyone; listed in the directory). Non-members see possibly living persons redacted. A new tree is `private` unless one is given. */
            visibility: components["schemas"]["Visibility"];
            /**
             * Format: uuid
             * @description The home person the tree and family views open on; null: none. Cleared when that person is deleted.
             */
            home_person_id: string | null;
            /** @description The configured AI provider (its name in AI_PROVIDERS) the members' assistant uses; null: none, and the assistant answers 409 ai_disabled. A name that is not configured is a 422. */
            ai_member_provider: string | null;
            /** @description The configured AI provider (its name in AI_PROVIDERS) that re-ranks recommendations and explains them; null: none, the service's own ranking stands. */
            ai_recommender_provider: string | null;
            /** @description The caller's role in this tree; null for a non-member reading a tree they may view. */
            role: components["schemas"]["Role"] | null;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description When the record was soft-deleted (recoverable until the purge, PURGE_AFTER_DAYS later, 30 by default); null while it is live.
             */
            deleted_at: string | null;
            /**
             * Format: uuid
             * @description The tree's longest-standing owner (a tree may have several); left out for a non-member.
             */
            owner_id?: string | null;
        };
        TreeUpdate: {
            /** @description The tree's name. */
            name?: string;
            /** @description What the tree holds, in words for its readers; empty when none. */
            description?: string;
            /** @description Who may view the tree besides its members: `private` (members only), `site_members` (any signed-in user of this instance), `unlisted` (anyone with the link; never in the directory) or `public` (anyone; listed in the directory). Non-members see possibly living persons redacted. A new tree is `private` unless one is given. */
            visibility?: components["schemas"]["Visibility"];
            /**
             * Format: uuid
             * @description The home person the tree and family views open on; null: none. Cleared when that person is deleted.
             */
            home_person_id?: string | null;
        };
        TreePurge: {
            /** @description The tree's name, retyped to confirm the purge (422 when it differs). */
            name: string;
        };
        AiPolicyRead: {
            /** @description The configured AI provider (its name in AI_PROVIDERS) the members' assistant uses; null: none, and the assistant answers 409 ai_disabled. A name that is not configured is a 422. */
            ai_member_provider: string | null;
            /** @description The configured AI provider (its name in AI_PROVIDERS) that re-ranks recommendations and explains them; null: none, the service's own ranking stands. */
            ai_recommender_provider: string | null;
            /** @description The providers configured on this instance, by name and model; never a key. */
            providers: components["schemas"]["AiProviderRead"][];
            /** @description False when the policy names a provider that is no longer configured (removed from AI_PROVIDERS; the assistant then answers 409 ai_disabled); true when every provider it names is configured. */
            available: boolean;
            /** @description True when ai_member_provider names a configured provider. */
            ai_member_available: boolean;
            /** @description True when ai_recommender_provider names a configured provider (false when it is null). */
            ai_recommender_available: boolean;
        };
        AiProviderRead: {
            /** @description The provider's name, as AI_PROVIDERS configures it and a tree's policy names it. */
            name: string;
            /** @description The model the provider runs, as configured in AI_PROVIDERS. */
            model: string;
        };
        AiPolicyUpdate: {
            /** @description The configured AI provider (its name in AI_PROVIDERS) the members' assistant uses; null: none, and the assistant answers 409 ai_disabled. A name that is not configured is a 422. */
            ai_member_provider?: string | null;
            /** @description The configured AI provider (its name in AI_PROVIDERS) that re-ranks recommendations and explains them; null: none, the service's own ranking stands. */
            ai_recommender_provider?: string | null;
        };
        /** @description One audit entry: who did what to which record, with the ids, counts and codes of the change (never its content). */
        AuditEntryRead: {
            /**
             * Format: uuid
             * @description The audit entry's id (ids are time-ordered).
             */
            id: string;
            /**
             * Format: uuid
             * @description The tree acted on; null once the tree is purged (its audit entries stay).
             */
            tree_id: string | null;
            /**
             * Format: uuid
             * @description The user who acted; null when no user did (a system run).
             */
            actor_id: string | null;
            /** @description What was done, as `kind.verb` (`person.update`, `member.change_role`, `gedcom.import`, `tree.update_ai_policy`...). */
            action: string;
            /** @description The kind of record acted on: `tree`, `person`, `name`, `event`, `relationship`, `source`, `citation`, `media`, `membership`, `proposal`, `user`... */
            entity_type: string;
            /**
             * Format: uuid
             * @description The id of the record acted on.
             */
            entity_id: string;
            /** @description The ids, counts and codes of the change, never its content (no names, notes, places, dates or emails): for a patch, which fields it gave. */
            details: Record<string, never>;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             */
            created_at: string;
        };
        /** @description A member of a tree: the user, their email and their role. */
        MemberRead: {
            /**
             * Format: uuid
             * @description The member's user id.
             */
            user_id: string;
            /** @description The member's email: the member list is shown to members only. */
            email: string;
            /** @description A member's role in the tree: `owner` (everything, including members, the AI policy, delete and purge), `editor` (writes records, applies proposals) or `viewer` (reads, proposes changes). */
            role: components["schemas"]["Role"];
            /**
             * Format: date-time
             * @description When the user became a member of the tree.
             */
            joined_at: string;
        };
        MemberCreate: {
            /**
             * Format: email
             * @description The email of an existing account to add (404 when no account has it; 409 when it is a member already).
             */
            email: string;
            /** @description A member's role in the tree: `owner` (everything, including members, the AI policy, delete and purge), `editor` (writes records, applies proposals) or `viewer` (reads, proposes changes). */
            role: components["schemas"]["Role"];
        };
        MemberUpdate: {
            /** @description A member's role in the tree: `owner` (everything, including members, the AI policy, delete and purge), `editor` (writes records, applies proposals) or `viewer` (reads, proposes changes). */
            role: components["schemas"]["Role"];
        };
        InstanceStatus: {
            /** @description The service's version. */
            version: string;
            /** @description The deployment environment the service runs in (APP_ENV, else NODE_ENV; `production` by default). */
            environment: string;
            /** @description Accounts on this instance. */
            user_count: number;
            /** @description Trees on this instance. */
            tree_count: number;
            /** @description The AI providers configured on this instance, by name and model; never a key. */
            ai_providers: components["schemas"]["AiProviderRead"][];
        };
        PersonCreate: {
            /** @description The primary name's given name(s). */
            given_name?: string;
            /** @description The primary name's surname. */
            surname?: string;
            /** @description `male` or `female`; null: unset. GEDCOM `U` and `X` import as null. */
            sex?: components["schemas"]["Sex"] | null;
            /** @description Whether the person is alive: true, false, or null (unknown: the privacy engine then deems them possibly living when they have no death fact and were born within 100 years or have no known birth). An explicit value wins over that rule. */
            is_living?: boolean | null;
            /** @description The person's own privacy setting: `default` (the privacy engine decides), `public` (shown in full to anyone who may view the tree, even if living: the family's choice) or `private` (hidden from every non-member). */
            privacy?: components["schemas"]["PersonPrivacy"];
            /** @description Free-text notes on the person. */
            notes?: string;
            /** @description Numbers other programs gave the person: `refn` (a user reference number, with its type), `afn` (an Ancestral File number) or `uid` (a unique id, GEDCOM _UID/UID). On a write the list replaces the person's identifiers (at most 100). */
            identifiers?: components["schemas"]["PersonIdentifierInput"][];
            /** @description The birth as `{ date, place }`, written as the person's birth event (updated, or created); null deletes it. */
            birth?: components["schemas"]["VitalInput"] | null;
            /** @description The death as `{ date, place }`, written as the person's death event (updated, or created); null deletes it. */
            death?: components["schemas"]["VitalInput"] | null;
        };
        /** @enum {string} */
        Sex: "male" | "female";
        /** @enum {string} */
        PersonPrivacy: "default" | "public" | "private";
        PersonIdentifierInput: {
            /** @description `refn` (a user reference number), `afn` (an Ancestral File number) or `uid` (a unique id another program gave). */
            kind: components["schemas"]["IdentifierKind"];
            /** @description The identifier as written. */
            value: string;
            /** @description For a `refn`, what the number refers to (GEDCOM REFN TYPE); absent or null: none. */
            type?: string | null;
        };
        /** @enum {string} */
        IdentifierKind: "refn" | "afn" | "uid";
        VitalInput: {
            /** @description The date as a structured genealogical date (qualifier and parts); null: no date known. */
            date?: components["schemas"]["GenealogicalDate"] | null;
            /** @description The place as text, by custom from the most particular part to the most general (`Boston, Suffolk, Massachusetts, USA`); a tree keeps one place per text, shared by every event there. null: no place. */
            place?: string | null;
        };
        /** @description A genealogical date: a qualifier (exact, about, before, between...) and the parts that are known. */
        GenealogicalDate: {
            /** @description How the date is meant: `exact`, `about` (ABT), `estimated` (EST), `calculated` (CAL), `before` (BEF), `after` (AFT), `between` (BET … AND …, the end in end_*), `from_to` (a period FROM … TO …) or `text` (a phrase, in `text`). */
            qualifier: components["schemas"]["DateQualifier"];
            /** @description The calendar of the year, month and day: `julian`, `hebrew` or `french_r` (French Republican); absent: Gregorian. */
            calendar?: components["schemas"]["Calendar"];
            /** @description The year was written as a dual year (1750/51); `year` is the first. */
            dual_year?: boolean;
            /** @description The year, 1 to 9999; absent when unknown. */
            year?: number;
            /** @description The month, 1 to 12 (to 13 in the Hebrew and French Republican calendars); absent when unknown. */
            month?: number;
            /** @description The day of the month, 1 to 31; absent when unknown. */
            day?: number;
            /** @description The end date's year of a `between` (BET … AND …) or `from_to` (FROM … TO …) date. */
            end_year?: number;
            /** @description The end date's month of a `between` or `from_to` date. */
            end_month?: number;
            /** @description The end date's day of a `between` or `from_to` date. */
            end_day?: number;
            /** @description The phrase of a `text` date; on another qualifier, the phrase of a GEDCOM INT date. */
            text?: string;
        };
        /** @enum {string} */
        DateQualifier: "exact" | "about" | "estimated" | "calculated" | "before" | "after" | "between" | "from_to" | "text";
        /**
         * @description Absent: Gregorian. Hebrew and French Republican months run 1..13.
         * @enum {string}
         */
        Calendar: "julian" | "hebrew" | "french_r";
        /** @description A person as the reader may see them: in full, or redacted to `Living person` for a non-member. */
        PersonRead: {
            /**
             * Format: uuid
             * @description The person's id.
             */
            id: string;
            /**
             * Format: uuid
             * @description The tree the record belongs to.
             */
            tree_id: string;
            /** @description The primary name as shown (`Unknown` when it has neither part); `Living person` when redacted. */
            display_name: string;
            /** @description The primary name's given name(s); null when redacted. */
            given_name: string | null;
            /** @description The primary name's surname; null when redacted. */
            surname: string | null;
            /** @description `male` or `female`; null when unset, or redacted. */
            sex: components["schemas"]["Sex"] | null;
            /** @description true, false, or null: unknown (the privacy engine decides whether the person is possibly living); null also when redacted. */
            is_living: boolean | null;
            /** @description The person's privacy setting: `default` (the privacy engine decides), `public` (in full to anyone who may view the tree) or `private` (hidden from non-members); null when redacted. */
            privacy: components["schemas"]["PersonPrivacy"] | null;
            /** @description Free-text notes on the person; null when redacted. */
            notes: string | null;
            /** @description Numbers other programs gave the person (REFN with its type, AFN, unique ids); null when redacted. */
            identifiers: components["schemas"]["PersonIdentifier"][] | null;
            /** @description The birth, read from the person's birth event (else baptism, else christening): its event, date and place; null when none, or redacted. */
            birth: components["schemas"]["VitalRead"] | null;
            /** @description The death, read from the person's death event (else burial, else cremation): its event, date and place; null when none, or redacted. */
            death: components["schemas"]["VitalRead"] | null;
            /** @description True when the reader (a non-member) sees a possibly living person redacted: display_name is `Living person`, and every other field but id and tree_id is null (no names). */
            redacted: boolean;
            /**
             * Format: uuid
             * @description The person this one was merged into (a deleted person, listed with `?deleted=true`); null otherwise, and when redacted.
             */
            merged_into: string | null;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             */
            created_at: string | null;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             */
            updated_at: string | null;
            /** @description The person's names, on single reads, `?ids=` batches and searches; none for a redacted person. */
            names?: components["schemas"]["NameRead"][];
        };
        PersonIdentifier: {
            /** @description `refn` (a user reference number), `afn` (an Ancestral File number) or `uid` (a unique id another program gave). */
            kind: components["schemas"]["IdentifierKind"];
            /** @description The identifier as written. */
            value: string;
            /** @description For a `refn`, what the number refers to (GEDCOM REFN TYPE); null: none. */
            type: string | null;
        };
        /** @description A person's birth or death as read from their events: the event, its date and place. */
        VitalRead: {
            /**
             * Format: uuid
             * @description The event the date and place are read from.
             */
            event_id: string;
            /** @description The date as a structured genealogical date (qualifier and parts); null: no date known. */
            date: components["schemas"]["GenealogicalDate"] | null;
            /** @description The date as GEDCOM writes it (`12 MAR 1850`, `ABT 1850`, `BET 1850 AND 1855`); null when there is no date. */
            date_display: string | null;
            /** @description The place as text, by custom from the most particular part to the most general (`Boston, Suffolk, Massachusetts, USA`); a tree keeps one place per text, shared by every event there. null: no place. */
            place: string | null;
        };
        /** @description One of a person's typed names (birth, married, alias...); exactly one is primary. */
        NameRead: {
            /**
             * Format: uuid
             * @description The name's id.
             */
            id: string;
            /**
             * Format: uuid
             * @description The person who bears the name.
             */
            person_id: string;
            /** @description The kind of name: `birth`, `maiden`, `married`, `alias`, `nickname`, `religious`, `professional` or `other`. */
            name_type: components["schemas"]["NameType"];
            /** @description Given name(s), in the order used. */
            given_name: string;
            /** @description The surname (family name). */
            surname: string;
            /** @description A title or prefix before the given name (GEDCOM NPFX), such as `Dr.`, `Sir` or `Rev.`; empty when none. Not part of `display_name`. */
            prefix: string;
            /** @description A suffix after the surname (GEDCOM NSFX), such as `Jr.`, `III` or `[FIRST U.S. PRESIDENT]`; empty when none. Not part of `display_name`. */
            suffix: string;
            /** @description A surname prefix or article written before the surname (GEDCOM SPFX), such as `van`, `de` or `von`; empty when none. The name search finds its words; `surname` holds the rest of the surname. */
            surname_prefix: string;
            /** @description True for the person's primary name (exactly one per person): the given name and surname the person record shows. Setting it makes this name the primary one. */
            is_primary: boolean;
            /** @description Notes on this name: where it is found, spellings. */
            notes: string;
        };
        /** @enum {string} */
        NameType: "birth" | "maiden" | "married" | "alias" | "nickname" | "religious" | "professional" | "other";
        PersonUpdate: {
            /** @description The primary name's given name(s). */
            given_name?: string;
            /** @description The primary name's surname. */
            surname?: string;
            /** @description `male` or `female`; null: unset. GEDCOM `U` and `X` import as null. */
            sex?: components["schemas"]["Sex"] | null;
            /** @description Whether the person is alive: true, false, or null (unknown: the privacy engine then deems them possibly living when they have no death fact and were born within 100 years or have no known birth). An explicit value wins over that rule. */
            is_living?: boolean | null;
            /** @description The person's own privacy setting: `default` (the privacy engine decides), `public` (shown in full to anyone who may view the tree, even if living: the family's choice) or `private` (hidden from every non-member). */
            privacy?: components["schemas"]["PersonPrivacy"];
            /** @description Free-text notes on the person. */
            notes?: string;
            /** @description Numbers other programs gave the person: `refn` (a user reference number, with its type), `afn` (an Ancestral File number) or `uid` (a unique id, GEDCOM _UID/UID). On a write the list replaces the person's identifiers (at most 100). */
            identifiers?: components["schemas"]["PersonIdentifierInput"][];
            /** @description The birth as `{ date, place }`, written as the person's birth event (updated, or created); null deletes it. */
            birth?: components["schemas"]["VitalInput"] | null;
            /** @description The death as `{ date, place }`, written as the person's death event (updated, or created); null deletes it. */
            death?: components["schemas"]["VitalInput"] | null;
        };
        DeletedCount: {
            /** @description How many persons were soft-deleted: the person, and with `cascade=true` their descendants too. */
            deleted: number;
        };
        NameCreate: {
            /** @description The kind of name: `birth`, `maiden`, `married`, `alias`, `nickname`, `religious`, `professional` or `other`. */
            name_type?: components["schemas"]["NameType"];
            /** @description Given name(s), in the order used. */
            given_name?: string;
            /** @description The surname (family name). */
            surname?: string;
            /** @description A title or prefix before the given name (GEDCOM NPFX), such as `Dr.`, `Sir` or `Rev.`; empty when none. Not part of `display_name`. */
            prefix?: string;
            /** @description A suffix after the surname (GEDCOM NSFX), such as `Jr.`, `III` or `[FIRST U.S. PRESIDENT]`; empty when none. Not part of `display_name`. */
            suffix?: string;
            /** @description A surname prefix or article written before the surname (GEDCOM SPFX), such as `van`, `de` or `von`; empty when none. The name search finds its words; `surname` holds the rest of the surname. */
            surname_prefix?: string;
            /** @description True for the person's primary name (exactly one per person): the given name and surname the person record shows. Setting it makes this name the primary one. */
            is_primary?: boolean;
            /** @description Notes on this name: where it is found, spellings. */
            notes?: string;
        };
        NameUpdate: {
            /** @description The kind of name: `birth`, `maiden`, `married`, `alias`, `nickname`, `religious`, `professional` or `other`. */
            name_type?: components["schemas"]["NameType"];
            /** @description Given name(s), in the order used. */
            given_name?: string;
            /** @description The surname (family name). */
            surname?: string;
            /** @description A title or prefix before the given name (GEDCOM NPFX), such as `Dr.`, `Sir` or `Rev.`; empty when none. Not part of `display_name`. */
            prefix?: string;
            /** @description A suffix after the surname (GEDCOM NSFX), such as `Jr.`, `III` or `[FIRST U.S. PRESIDENT]`; empty when none. Not part of `display_name`. */
            suffix?: string;
            /** @description A surname prefix or article written before the surname (GEDCOM SPFX), such as `van`, `de` or `von`; empty when none. The name search finds its words; `surname` holds the rest of the surname. */
            surname_prefix?: string;
            /** @description True for the person's primary name (exactly one per person): the given name and surname the person record shows. Setting it makes this name the primary one. */
            is_primary?: boolean;
            /** @description Notes on this name: where it is found, spellings. */
            notes?: string;
        };
        EventCreate: {
            /** @description What happened: one of a curated list (`birth`, `baptism`, `marriage`, `occupation`, `census`, `probate`...), `custom` (named in `custom_type`), or an LDS ordinance (`lds_*`, with `temple` and `ordinance_status`). A person's birth (else baptism, else christening) and death (else burial, else cremation) give their vitals. */
            type: components["schemas"]["EventType"];
            /** @description The name of a `custom` event (`Apprenticeship`; required there, else 422); null for every other type (a value there is dropped). */
            custom_type?: string | null;
            /**
             * Format: uuid
             * @description The person the event is about; null for a partnership's event. An event has exactly one subject: person_id or partnership_id (422 otherwise).
             */
            person_id?: string | null;
            /**
             * Format: uuid
             * @description The partnership (a relationship of type `partnership`) a couple's event is about; null for a person's event. An event has exactly one subject: person_id or partnership_id.
             */
            partnership_id?: string | null;
            /** @description The date as a structured genealogical date (qualifier and parts); null: no date known. */
            date?: components["schemas"]["GenealogicalDate"] | null;
            /** @description The place as text, by custom from the most particular part to the most general (`Boston, Suffolk, Massachusetts, USA`); a tree keeps one place per text, shared by every event there. null: no place. */
            place?: string | null;
            /** @description Free-text notes on the event. */
            notes?: string;
            /** @description The event's value, as GEDCOM gives it on the event's line: the religion of a `religion` event, the occupation of an `occupation` one, the schooling of an `education` one; empty when none. */
            detail?: string;
            /** @description What caused the event, as the record says it (GEDCOM CAUS): a death's `pneumonia`; empty when not known. */
            cause?: string;
            /** @description LDS ordinances (`lds_*`) only: the temple code (GEDCOM TEMP); null for every other type (a value there is a 422). */
            temple?: string | null;
            /** @description LDS ordinances (`lds_*`) only: the ordinance status (GEDCOM STAT, e.g. `COMPLETED`); null for every other type (a value there is a 422). */
            ordinance_status?: string | null;
        };
        /** @enum {string} */
        EventType: "birth" | "baptism" | "christening" | "death" | "burial" | "cremation" | "marriage" | "divorce" | "engagement" | "residence" | "occupation" | "education" | "religion" | "immigration" | "emigration" | "naturalization" | "census" | "military" | "graduation" | "probate" | "will" | "custom" | "lds_baptism" | "lds_confirmation" | "lds_endowment" | "lds_initiatory" | "lds_child_sealing" | "lds_spouse_sealing";
        /** @description A life event of a person or of a partnership: type, date, place, notes and value. */
        EventRead: {
            /**
             * Format: uuid
             * @description The event's id.
             */
            id: string;
            /**
             * Format: uuid
             * @description The tree the record belongs to.
             */
            tree_id: string;
            /** @description What happened: one of a curated list (`birth`, `baptism`, `marriage`, `occupation`, `census`, `probate`...), `custom` (named in `custom_type`), or an LDS ordinance (`lds_*`, with `temple` and `ordinance_status`). A person's birth (else baptism, else christening) and death (else burial, else cremation) give their vitals. */
            type: components["schemas"]["EventType"];
            /** @description The name of a `custom` event (`Apprenticeship`; required there, else 422); null for every other type (a value there is dropped). */
            custom_type: string | null;
            /**
             * Format: uuid
             * @description The person the event is about; null for a partnership's event.
             */
            person_id: string | null;
            /**
             * Format: uuid
             * @description The partnership (a relationship of type `partnership`) a couple's event is about; null for a person's event. An event has exactly one subject: person_id or partnership_id.
             */
            partnership_id: string | null;
            /** @description The date as a structured genealogical date (qualifier and parts); null: no date known. */
            date: components["schemas"]["GenealogicalDate"] | null;
            /** @description The date as GEDCOM writes it (`12 MAR 1850`, `ABT 1850`, `BET 1850 AND 1855`); null when there is no date. */
            date_display: string | null;
            /**
             * Format: uuid
             * @description The tree's place record the place text names (shared by every event at that place); null: no place.
             */
            place_id: string | null;
            /** @description The place as text, by custom from the most particular part to the most general (`Boston, Suffolk, Massachusetts, USA`); a tree keeps one place per text, shared by every event there. null: no place. */
            place: string | null;
            /** @description The latitude of the event's place in signed decimal degrees (north positive; GEDCOM PLAC.MAP.LATI); null: no place, or a place without coordinates. */
            place_latitude: number | null;
            /** @description The longitude of the event's place in signed decimal degrees (east positive; GEDCOM PLAC.MAP.LONG); null when the latitude is. */
            place_longitude: number | null;
            /** @description Free-text notes on the event. */
            notes: string;
            /** @description The event's value, as GEDCOM gives it on the event's line: the religion of a `religion` event, the occupation of an `occupation` one, the schooling of an `education` one; empty when none. */
            detail: string;
            /** @description What caused the event, as the record says it (GEDCOM CAUS): a death's `pneumonia`; empty when not known. */
            cause: string;
            /** @description LDS ordinances (`lds_*`) only: the temple code (GEDCOM TEMP); null for every other type (a value there is a 422). */
            temple: string | null;
            /** @description LDS ordinances (`lds_*`) only: the ordinance status (GEDCOM STAT, e.g. `COMPLETED`); null for every other type (a value there is a 422). */
            ordinance_status: string | null;
        };
        EventUpdate: {
            /** @description What happened: one of a curated list (`birth`, `baptism`, `marriage`, `occupation`, `census`, `probate`...), `custom` (named in `custom_type`), or an LDS ordinance (`lds_*`, with `temple` and `ordinance_status`). A person's birth (else baptism, else christening) and death (else burial, else cremation) give their vitals. */
            type?: components["schemas"]["EventType"];
            /** @description The name of a `custom` event (`Apprenticeship`; required there, else 422); null for every other type (a value there is dropped). */
            custom_type?: string | null;
            /**
             * Format: uuid
             * @description The person the event is about; null for a partnership's event. An event has exactly one subject: person_id or partnership_id (422 otherwise).
             */
            person_id?: string | null;
            /**
             * Format: uuid
             * @description The partnership (a relationship of type `partnership`) a couple's event is about; null for a person's event. An event has exactly one subject: person_id or partnership_id.
             */
            partnership_id?: string | null;
            /** @description The date as a structured genealogical date (qualifier and parts); null: no date known. */
            date?: components["schemas"]["GenealogicalDate"] | null;
            /** @description The place as text, by custom from the most particular part to the most general (`Boston, Suffolk, Massachusetts, USA`); a tree keeps one place per text, shared by every event there. null: no place. */
            place?: string | null;
            /** @description Free-text notes on the event. */
            notes?: string;
            /** @description The event's value, as GEDCOM gives it on the event's line: the religion of a `religion` event, the occupation of an `occupation` one, the schooling of an `education` one; empty when none. */
            detail?: string;
            /** @description What caused the event, as the record says it (GEDCOM CAUS): a death's `pneumonia`; empty when not known. */
            cause?: string;
            /** @description LDS ordinances (`lds_*`) only: the temple code (GEDCOM TEMP); null for every other type (a value there is a 422). */
            temple?: string | null;
            /** @description LDS ordinances (`lds_*`) only: the ordinance status (GEDCOM STAT, e.g. `COMPLETED`); null for every other type (a value there is a 422). */
            ordinance_status?: string | null;
        };
        RelationshipCreate: {
            /** @description `parent_child` (person a is the parent of person b), `partnership` (a couple; symmetric: (a, b) and (b, a) are one edge) or `association` (person a holds it, person b is the associate, `role` says what b is to a). */
            type: components["schemas"]["RelationshipType"];
            /**
             * Format: uuid
             * @description Person a: the parent of a `parent_child` edge, one partner of a `partnership`, the holder of an `association`.
             */
            person_a_id: string;
            /**
             * Format: uuid
             * @description Person b: the child, the other partner, or the associate.
             */
            person_b_id: string;
            /** @description For a `parent_child` edge, the kind of parenthood (required there): `biological`, `adoptive`, `step`, `foster`, `donor` or `guardian`; null for partnerships and associations. */
            qualifier?: components["schemas"]["ParentChildQualifier"] | null;
            /** @description An association's role: what person b is to person a (`godparent`, `witness`); null for other types (a value on another type is a 422). */
            role?: string | null;
            /** @description Free-text notes on the relationship. */
            notes?: string;
        };
        /** @enum {string} */
        RelationshipType: "parent_child" | "partnership" | "association";
        /** @enum {string} */
        ParentChildQualifier: "biological" | "adoptive" | "step" | "foster" | "donor" | "guardian";
        /** @description An edge between two persons: parent-child, partnership or association. */
        RelationshipRead: {
            /**
             * Format: uuid
             * @description The relationship's id.
             */
            id: string;
            /**
             * Format: uuid
             * @description The tree the record belongs to.
             */
            tree_id: string;
            /** @description `parent_child` (person a is the parent of person b), `partnership` (a couple; symmetric: (a, b) and (b, a) are one edge) or `association` (person a holds it, person b is the associate, `role` says what b is to a). */
            type: components["schemas"]["RelationshipType"];
            /**
             * Format: uuid
             * @description Person a: the parent of a `parent_child` edge, one partner of a `partnership`, the holder of an `association`.
             */
            person_a_id: string;
            /**
             * Format: uuid
             * @description Person b: the child, the other partner, or the associate.
             */
            person_b_id: string;
            /** @description For a `parent_child` edge, the kind of parenthood (required there): `biological`, `adoptive`, `step`, `foster`, `donor` or `guardian`; null for partnerships and associations. Null too for a non-member when either person is not fully visible. */
            qualifier: components["schemas"]["ParentChildQualifier"] | null;
            /** @description An association's role: what person b is to person a (`godparent`, `witness`); null for other types, and for a non-member when either person is not fully visible. */
            role: string | null;
            /** @description Free-text notes on the relationship; null for a non-member when either person is not fully visible. */
            notes: string | null;
        };
        RelationshipUpdate: {
            /** @description For a `parent_child` edge, the kind of parenthood (required there): `biological`, `adoptive`, `step`, `foster`, `donor` or `guardian`; null for partnerships and associations. */
            qualifier?: components["schemas"]["ParentChildQualifier"] | null;
            /** @description An association's role: what person b is to person a (`godparent`, `witness`); null for other types (a value on another type is a 422). */
            role?: string | null;
            /** @description Free-text notes on the relationship. */
            notes?: string;
        };
        SourceCreate: {
            /** @description The source's title. */
            title: string;
            /** @description Who wrote or compiled the source; empty when unknown. */
            author?: string;
            /** @description Publication facts: publisher, place and year, or the archive and its reference; empty when none. */
            publication?: string;
            /** @description Notes on the source: where it is held, its condition. */
            notes?: string;
            /** @description A short title to file or find the source by (GEDCOM ABBR); empty when none. */
            abbreviation?: string;
            /** @description The person or office responsible for the records the source holds (GEDCOM SOUR.DATA.AGNC); empty when none. */
            agency?: string;
            /** @description Notes on the records the source holds (GEDCOM SOUR.DATA.NOTE), apart from the source's own notes; empty when none. */
            data_notes?: string;
            /** @description What the source records (GEDCOM SOUR.DATA.EVEN): kinds of events, each with the period (a GEDCOM date, as text) and the place it covers. At most 100; an update replaces the list. */
            recorded_events?: components["schemas"]["RecordedEvents"][];
            /** @description The repositories that hold the source (GEDCOM SOUR.REPO), each a live repository of this tree named once, with its call number. At most 100; an update replaces the list. */
            repositories?: components["schemas"]["RepositoryLink"][];
        };
        RecordedEvents: {
            /** @description The kinds of events recorded, as GEDCOM event tags separated by commas (GEDCOM SOUR.DATA.EVEN). */
            events: string;
            /** @description The period the source covers for these events, as a GEDCOM date written as text (`FROM 1850 TO 1855`); empty or left out when not known. */
            date?: string;
            /** @description The place the source covers for these events, as written; empty or left out when not known. */
            place?: string;
        };
        RepositoryLink: {
            /**
             * Format: uuid
             * @description A repository of the same tree.
             */
            repository_id: string;
            /** @description The number the repository files the source under (GEDCOM CALN); empty when none. */
            call_number?: string;
        };
        /** @description A source: a record, book or document that citations point to. */
        SourceRead: {
            /**
             * Format: uuid
             * @description The source's id.
             */
            id: string;
            /**
             * Format: uuid
             * @description The tree the record belongs to.
             */
            tree_id: string;
            /** @description The source's title. */
            title: string;
            /** @description Who wrote or compiled the source; empty when unknown. */
            author: string;
            /** @description Publication facts: publisher, place and year, or the archive and its reference; empty when none. */
            publication: string;
            /** @description Notes on the source: where it is held, its condition. */
            notes: string;
            /** @description A short title to file or find the source by (GEDCOM ABBR); empty when none. */
            abbreviation: string;
            /** @description What the source records (GEDCOM SOUR.DATA.EVEN): kinds of events, each with the period (a GEDCOM date, as text) and the place it covers. At most 100; an update replaces the list. */
            recorded_events: components["schemas"]["RecordedEventsRead"][];
            /** @description The person or office responsible for the records the source holds (GEDCOM SOUR.DATA.AGNC); empty when none. */
            agency: string;
            /** @description Notes on the records the source holds (GEDCOM SOUR.DATA.NOTE), apart from the source's own notes; empty when none. */
            data_notes: string;
            /** @description The repositories that hold the source, each with its call number, in order (GEDCOM SOUR.REPO); a link to a repository deleted since stays listed. */
            repositories: components["schemas"]["RepositoryLinkRead"][];
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             */
            updated_at: string;
        };
        /** @description Kinds of events a source records, with the period and place it covers (GEDCOM SOUR.DATA.EVEN). */
        RecordedEventsRead: {
            /** @description The kinds of events recorded, as GEDCOM event tags separated by commas (GEDCOM SOUR.DATA.EVEN). */
            events: string;
            /** @description The period the source covers for these events, as a GEDCOM date written as text (`FROM 1850 TO 1855`); empty when not given. */
            date: string;
            /** @description The place the source covers for these events, as written; empty when not given. */
            place: string;
        };
        /** @description A repository that holds the source, with the call number it files it under. */
        RepositoryLinkRead: {
            /**
             * Format: uuid
             * @description A repository of the same tree.
             */
            repository_id: string;
            /** @description The number the repository files the source under (GEDCOM CALN); empty when none. */
            call_number: string;
        };
        SourceUpdate: {
            /** @description The source's title. */
            title?: string;
            /** @description Who wrote or compiled the source; empty when unknown. */
            author?: string;
            /** @description Publication facts: publisher, place and year, or the archive and its reference; empty when none. */
            publication?: string;
            /** @description Notes on the source: where it is held, its condition. */
            notes?: string;
            /** @description A short title to file or find the source by (GEDCOM ABBR); empty when none. */
            abbreviation?: string;
            /** @description The person or office responsible for the records the source holds (GEDCOM SOUR.DATA.AGNC); empty when none. */
            agency?: string;
            /** @description Notes on the records the source holds (GEDCOM SOUR.DATA.NOTE), apart from the source's own notes; empty when none. */
            data_notes?: string;
            /** @description What the source records (GEDCOM SOUR.DATA.EVEN): kinds of events, each with the period (a GEDCOM date, as text) and the place it covers. At most 100; an update replaces the list. */
            recorded_events?: components["schemas"]["RecordedEvents"][];
            /** @description The repositories that hold the source (GEDCOM SOUR.REPO), each a live repository of this tree named once, with its call number. At most 100; an update replaces the list. */
            repositories?: components["schemas"]["RepositoryLink"][];
        };
        CitationCreate: {
            /**
             * Format: uuid
             * @description The source cited, of the same tree.
             */
            source_id: string;
            /**
             * Format: uuid
             * @description The person the citation supports. Give exactly one of person_id, event_id, name_id and relationship_id (422 otherwise).
             */
            person_id?: string;
            /**
             * Format: uuid
             * @description The event the citation supports. Give exactly one of person_id, event_id, name_id and relationship_id (422 otherwise).
             */
            event_id?: string;
            /**
             * Format: uuid
             * @description The name the citation supports. Give exactly one of person_id, event_id, name_id and relationship_id (422 otherwise).
             */
            name_id?: string;
            /**
             * Format: uuid
             * @description The relationship the citation supports. Give exactly one of person_id, event_id, name_id and relationship_id (422 otherwise).
             */
            relationship_id?: string;
            /** @description Where in the source: page, folio, entry or image number; empty when not given. */
            page?: string;
            /** @description What the source says for this fact, transcribed or summarised. */
            detail?: string;
            /** @description When the source recorded the fact, as written (GEDCOM SOUR.DATA.DATE: `3 JAN 1900`); empty when not known. */
            entry_date?: string;
            /** @description The researcher's notes on this citation (GEDCOM NOTE under the citation). */
            notes?: string;
            /** @description How reliable the evidence is, as GEDCOM QUAY: 0 unreliable, 1 questionable, 2 secondary evidence, 3 direct and primary evidence; null: not assessed. */
            confidence?: number | null;
        };
        /** @description A citation: a source cited for exactly one fact (a person, an event, a name or a relationship). */
        CitationRead: {
            /**
             * Format: uuid
             * @description The citation's id.
             */
            id: string;
            /**
             * Format: uuid
             * @description The tree the record belongs to.
             */
            tree_id: string;
            /**
             * Format: uuid
             * @description The source cited.
             */
            source_id: string;
            /**
             * Format: uuid
             * @description The person the citation supports; null when it supports another fact.
             */
            person_id: string | null;
            /**
             * Format: uuid
             * @description The event the citation supports; null when it supports another fact.
             */
            event_id: string | null;
            /**
             * Format: uuid
             * @description The name the citation supports; null when it supports another fact.
             */
            name_id: string | null;
            /**
             * Format: uuid
             * @description The relationship the citation supports; null when it supports another fact.
             */
            relationship_id: string | null;
            /** @description Where in the source: page, folio, entry or image number; empty when not given. */
            page: string;
            /** @description What the source says for this fact, transcribed or summarised; empty when none. */
            detail: string;
            /** @description When the source recorded the fact, as written (GEDCOM SOUR.DATA.DATE: `3 JAN 1900`); empty when not known. */
            entry_date: string;
            /** @description The researcher's notes on this citation (GEDCOM NOTE under the citation); empty when none. */
            notes: string;
            /** @description How reliable the evidence is, as GEDCOM QUAY: 0 unreliable, 1 questionable, 2 secondary evidence, 3 direct and primary evidence; null: not assessed. */
            confidence: number | null;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             */
            updated_at: string;
        };
        CitationUpdate: {
            /** @description Where in the source: page, folio, entry or image number; empty when not given. */
            page?: string;
            /** @description What the source says for this fact, transcribed or summarised. */
            detail?: string;
            /** @description When the source recorded the fact, as written (GEDCOM SOUR.DATA.DATE: `3 JAN 1900`); empty when not known. */
            entry_date?: string;
            /** @description The researcher's notes on this citation (GEDCOM NOTE under the citation). */
            notes?: string;
            /** @description How reliable the evidence is, as GEDCOM QUAY: 0 unreliable, 1 questionable, 2 secondary evidence, 3 direct and primary evidence; null: not assessed. */
            confidence?: number | null;
        };
        RepositoryCreate: {
            /** @description The repository's name: an archive, a library, a church office or a person. */
            name: string;
            /** @description Its postal address as lines of text; empty when none. */
            address?: string;
            /** @description Notes on the repository: opening hours, how to order copies. */
            notes?: string;
        };
        /** @description A repository: an archive, library or person that holds sources (GEDCOM REPO), for members of the tree. */
        RepositoryRead: {
            /**
             * Format: uuid
             * @description The repository's id.
             */
            id: string;
            /**
             * Format: uuid
             * @description The tree the record belongs to.
             */
            tree_id: string;
            /** @description The repository's name: an archive, a library, a church office or a person. */
            name: string;
            /** @description Its postal address as lines of text; empty when none. */
            address: string;
            /** @description Notes on the repository: opening hours, how to order copies. */
            notes: string;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             */
            updated_at: string;
        };
        RepositoryUpdate: {
            /** @description The repository's name: an archive, a library, a church office or a person. */
            name?: string;
            /** @description Its postal address as lines of text; empty when none. */
            address?: string;
            /** @description Notes on the repository: opening hours, how to order copies. */
            notes?: string;
        };
        MediaUpload: {
            /**
             * Format: binary
             * @description The file (one part)
             */
            file: string;
            /** @description A caption for the item; empty when none was given. */
            title?: string;
            /**
             * Format: uuid
             * @description The person to attach the item to; empty or absent: none. At most one of person_id, event_id and source_id.
             */
            person_id?: string | "";
            /**
             * Format: uuid
             * @description The event to attach the item to; empty or absent: none. At most one of person_id, event_id and source_id.
             */
            event_id?: string | "";
            /**
             * Format: uuid
             * @description The source to attach the item to; empty or absent: none. At most one of person_id, event_id and source_id.
             */
            source_id?: string | "";
        };
        /** @description A media item: the metadata of a file kept in the object store, with the URL of its content. */
        MediaRead: {
            /**
             * Format: uuid
             * @description The media item's id.
             */
            id: string;
            /**
             * Format: uuid
             * @description The tree the record belongs to.
             */
            tree_id: string;
            /** @description A caption for the item; empty when none was given. */
            title: string;
            /** @description The file's name as uploaded, without any directory. */
            file_name: string;
            /** @description The media type the service read from the bytes at upload (`image/jpeg`, `application/pdf`...), served as the content's Content-Type. */
            content_type: string;
            /** @description The file's size in bytes. */
            size: number;
            /** @description SHA-256 of the bytes, lower-case hex */
            checksum: string;
            /**
             * Format: uuid
             * @description The person the item is attached to; null when it is not (an item is attached to at most one person, event or source).
             */
            person_id: string | null;
            /**
             * Format: uuid
             * @description The event the item is attached to; null when it is not (an item is attached to at most one person, event or source).
             */
            event_id: string | null;
            /**
             * Format: uuid
             * @description The source the item is attached to; null when it is not (an item is attached to at most one person, event or source).
             */
            source_id: string | null;
            /**
             * Format: uri
             * @description The content endpoint of this item under BASE_URL
             */
            url: string;
            /** @description False for a record a GEDCOM import made from an OBJE whose file did not come with it: it has no bytes (`size` 0, `checksum` and `content_type` empty), its content is 409 `file_not_uploaded` until `PUT /media/{id}/file` brings them. */
            file_uploaded: boolean;
            /** @description The file's path as a GEDCOM file named it (OBJE.FILE), written back on export; empty for an item uploaded here. */
            file_path: string;
            /** @description The file's format as a GEDCOM file gave it (OBJE.FILE.FORM: `jpg`, `image/jpeg`); empty when none. */
            form: string;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description When the record was soft-deleted (recoverable until the purge, PURGE_AFTER_DAYS later, 30 by default); null while it is live.
             */
            deleted_at: string | null;
        };
        MediaFile: {
            /**
             * Format: binary
             * @description The file (one part)
             */
            file: string;
        };
        MediaUpdate: {
            /** @description A caption for the item; empty when none was given. */
            title?: string;
            /**
             * Format: uuid
             * @description Attach the item to this person instead (at most one of person_id, event_id and source_id is non-null); null, given alone, detaches it.
             */
            person_id?: string | null;
            /**
             * Format: uuid
             * @description Attach the item to this event instead (at most one of person_id, event_id and source_id is non-null); null, given alone, detaches it.
             */
            event_id?: string | null;
            /**
             * Format: uuid
             * @description Attach the item to this source instead (at most one of person_id, event_id and source_id is non-null); null, given alone, detaches it.
             */
            source_id?: string | null;
        };
        GedcomPreviewUpload: {
            /**
             * Format: binary
             * @description The GEDCOM file (one part), or a GEDZIP (.gdz, told by its first bytes): gedcom.ged at its root and the media files its OBJE FILEs name, under the account import's zip limits
             */
            file: string;
        };
        /** @description A dry run of a GEDCOM import: what the file holds and which incoming persons resemble existing ones. */
        GedcomPreview: {
            /** @description What the file holds: persons (INDI records), families (FAM) and sources (SOUR). */
            counts: {
                /** @description Persons (INDI records) in the file. */
                persons: number;
                /** @description Families (FAM records) in the file. */
                families: number;
                /** @description Sources (SOUR records) in the file. */
                sources: number;
            };
            /** @description Incoming persons that resemble existing ones, each with its candidates. */
            matches: components["schemas"]["GedcomMatch"][];
            /** @description GEDCOM structures the import does not map to the model, by tag path, with how often and where they first occur, and how many of their lines are kept verbatim on the record they came from and written back in place by export (`kept_lines`; 0 for HEAD's own lines, which export writes anew). */
            unmapped_tags: components["schemas"]["UnmappedTag"][];
            /** @description What the reader found wrong or doubtful in the file, in file order: the line number and what it did about it. At most 1,000 are listed. */
            warnings: components["schemas"]["GedcomWarning"][];
            /** @description How many warnings there were in all (the list holds the first 1,000). */
            warning_count: number;
        };
        GedcomMatch: {
            /** @description The incoming person's cross-reference as the file writes it, at signs included: the key of the import's `resolutions`. */
            xref: string;
            /** @description The incoming person's name, as the file gives it. */
            display_name: string;
            /** @description The birth year; null when unknown. */
            birth_year: number | null;
            /** @description Existing persons of the tree this one may be, each scored `high` or `medium`, with the reasons. */
            candidates: components["schemas"]["DuplicateCandidate"][];
        };
        DuplicateCandidate: {
            /**
             * Format: uuid
             * @description The existing person of the tree.
             */
            person_id: string;
            /** @description The person's primary name as shown (`Unknown` when it has no given name or surname). */
            display_name: string;
            /** @description The birth year; null when unknown. */
            birth_year: number | null;
            /**
             * @description How likely the two are one person: `high` or `medium`.
             * @enum {string}
             */
            score: "high" | "medium";
            /** @description The best trigram similarity between any of the incoming person's names and any of the candidate's, 0 to 1 (1: the same). */
            similarity: number;
            /** @description The evidence weighed, in words. */
            reasons: string[];
        };
        UnmappedTag: {
            /** @description The tag path (`INDI.BIRT._UID`), as the file writes its tags. */
            tag: string;
            /** @description How many lines carry it. */
            count: number;
            /** @description The line number of its first occurrence. */
            first_line: number;
            /** @description How many lines of these structures (their substructures and CONT lines included) are kept verbatim, to be written back in place by GEDCOM export. Less than the lines they had only for HEAD's own lines and what no record takes. */
            kept_lines: number;
        };
        GedcomWarning: {
            /** @description The line of the file it concerns. */
            line: number;
            /** @description What is wrong and what the reader did about it. */
            message: string;
        };
        GedcomImportUpload: {
            /**
             * Format: binary
             * @description The GEDCOM file (one part), or a GEDZIP (.gdz, told by its first bytes): gedcom.ged at its root and the media files its OBJE FILEs name, under the account import's zip limits
             */
            file: string;
            /** @description What to do with an incoming person whose best existing candidate scores high, unless `resolutions` names them: `new` (create a new person; the default), `skip` (link families to the existing person, copy nothing), `merge` (add the incoming names as alternates, events, citations and notes to the existing person) or `overwrite` (soft-delete the existing person and import the incoming one fresh). */
            default_action?: components["schemas"]["ImportAction"];
            /** @description JSON text: an object from incoming xref (`"@I1@"`) to `{ "action": "new"|"skip"|"merge"|"overwrite", "target_id"?: uuid }`; at most 10,000,000 characters and 16 MiB */
            resolutions?: string;
        };
        /** @enum {string} */
        ImportAction: "new" | "skip" | "merge" | "overwrite";
        /** @description What a GEDCOM import did: counts per kind of record, unmapped tags and warnings. */
        GedcomImportReport: {
            /**
             * Format: uuid
             * @description The GEDCOM import's id, as the tree's import list names it (undo: POST /trees/{id}/imports/{import_id}/undo).
             */
            import_id: string;
            /** @description Incoming persons: created, merged, skipped and overwritten. */
            persons: {
                /** @description How many were created. */
                created: number;
                /** @description Incoming persons merged into an existing person (`merge`): their names as alternates, events, citations and notes added to it. */
                merged: number;
                /** @description Persons: linked to an existing person with nothing copied (`skip`). Other kinds: not created, because the record is there already (on a merge target, an edge the pair has), belongs to a skipped person, or cannot be placed (a warning says why). */
                skipped: number;
                /** @description Existing persons soft-deleted and imported fresh (`overwrite`). */
                overwritten: number;
            };
            /** @description Names created and skipped. */
            names: {
                /** @description How many were created. */
                created: number;
                /** @description Persons: linked to an existing person with nothing copied (`skip`). Other kinds: not created, because the record is there already (on a merge target, an edge the pair has), belongs to a skipped person, or cannot be placed (a warning says why). */
                skipped: number;
            };
            /** @description Events created and skipped. */
            events: {
                /** @description How many were created. */
                created: number;
                /** @description Persons: linked to an existing person with nothing copied (`skip`). Other kinds: not created, because the record is there already (on a merge target, an edge the pair has), belongs to a skipped person, or cannot be placed (a warning says why). */
                skipped: number;
            };
            /** @description Relationships created and skipped (an edge the pair has already is never created twice). */
            relationships: {
                /** @description How many were created. */
                created: number;
                /** @description Persons: linked to an existing person with nothing copied (`skip`). Other kinds: not created, because the record is there already (on a merge target, an edge the pair has), belongs to a skipped person, or cannot be placed (a warning says why). */
                skipped: number;
            };
            /** @description Sources created, and reused. */
            sources: {
                /** @description How many were created. */
                created: number;
                /** @description Reused instead of created: a source of the tree with the same title, author and publication; a place with the same text. */
                reused: number;
            };
            /** @description Repositories created from the file's REPO records, and reused (a live repository of the tree with the same name and address). */
            repositories: {
                /** @description How many were created. */
                created: number;
                /** @description Reused instead of created: a source of the tree with the same title, author and publication; a place with the same text. */
                reused: number;
            };
            /** @description Citations created and skipped. */
            citations: {
                /** @description How many were created. */
                created: number;
                /** @description Persons: linked to an existing person with nothing copied (`skip`). Other kinds: not created, because the record is there already (on a merge target, an edge the pair has), belongs to a skipped person, or cannot be placed (a warning says why). */
                skipped: number;
            };
            /** @description Places created, and reused (a place of the tree with the same text). */
            places: {
                /** @description How many were created. */
                created: number;
                /** @description Reused instead of created: a source of the tree with the same title, author and publication; a place with the same text. */
                reused: number;
            };
            /** @description Media items created and skipped (a GEDZIP's files). */
            media: {
                /** @description How many were created. */
                created: number;
                /** @description Persons: linked to an existing person with nothing copied (`skip`). Other kinds: not created, because the record is there already (on a merge target, an edge the pair has), belongs to a skipped person, or cannot be placed (a warning says why). */
                skipped: number;
            };
            /** @description GEDCOM structures the import does not map to the model, by tag path, with how often and where they first occur, and how many of their lines are kept verbatim on the record they came from and written back in place by export (`kept_lines`; 0 for HEAD's own lines, which export writes anew). */
            unmapped_tags: components["schemas"]["UnmappedTag"][];
            /** @description What the reader found wrong or doubtful in the file, in file order: the line number and what it did about it. At most 1,000 are listed. */
            warnings: components["schemas"]["GedcomWarning"][];
            /** @description How many warnings there were in all (the list holds the first 1,000). */
            warning_count: number;
        };
        CleanupDeceasedByBirthYearRow: {
            /**
             * Format: uuid
             * @description The person's id.
             */
            person_id: string;
            /** @description The person's primary name as shown (`Unknown` when it has no given name or surname). */
            display_name: string;
            /** @description Why the person is listed, in words. */
            reason: string;
            /** @description The birth year as the privacy engine reads it (ABT 1930: 1930; BET 1920 AND 1935: 1935; 1930/31: 1931). */
            birth_year: number;
            /** @description The person's is_living now (null: unknown, or true); in `proposed`, the value the apply writes: false. */
            is_living: boolean | null;
            /** @description What the apply writes: is_living false. */
            proposed: {
                /**
                 * @description The person's is_living now (null: unknown, or true); in `proposed`, the value the apply writes: false.
                 * @constant
                 */
                is_living: false;
            };
        };
        CleanupDeceasedByChildRow: {
            /**
             * Format: uuid
             * @description The parent listed.
             */
            person_id: string;
            /** @description The person's primary name as shown. */
            display_name: string;
            /** @description Why the person is listed, in words. */
            reason: string;
            /** @description The earliest such child's birth year. */
            child_birth_year: number;
            /**
             * Format: uuid
             * @description The earliest child born on or before the cutoff.
             */
            child_id: string;
            /** @description What the apply writes: is_living false. */
            proposed: {
                /**
                 * @description In `proposed`: the value the apply writes, false.
                 * @constant
                 */
                is_living: false;
            };
        };
        CleanupDeceasedApply: {
            /** @description The people kept from a deceased preview: is_living is set to false for each (at most 100,000). */
            person_ids: string[];
        };
        CleanupApplyResult: {
            /** @description How many people were changed. */
            updated: number;
            /** @description People of the selection that no longer qualify, left unchanged, and why. */
            skipped: {
                /**
                 * Format: uuid
                 * @description A person of the selection left unchanged.
                 */
                person_id: string;
                /**
                 * @description Why: `deleted` (the person is gone), `already_deceased` (is_living false or a death fact by now), `sex_already_set`, or `no_longer_flagged` (the name was fixed since the preview).
                 * @enum {string}
                 */
                reason: "deleted" | "already_deceased" | "sex_already_set" | "no_longer_flagged";
            }[];
        };
        CleanupGedcomUpload: {
            /**
             * Format: binary
             * @description The tree's original GEDCOM file (one part)
             */
            file: string;
        };
        CleanupSexFromGedcomRow: {
            /**
             * Format: uuid
             * @description The person's id.
             */
            person_id: string;
            /** @description The person's primary name as shown (`Unknown` when it has no given name or surname). */
            display_name: string;
            /** @description Why, in words; a row left out as ambiguous starts with `ambiguous:`. */
            reason: string;
            /** @description Always null: the sex tools list only people whose sex is unset. */
            sex: null;
            /** @description The sex the apply would set; null on a row left out as ambiguous (`include_ambiguous=true`). */
            proposed: components["schemas"]["Sex"] | null;
            /** @description The xref of the file's INDI record the person matched (`@I1@`); null when no single record is named. */
            matched_xref: string | null;
        };
        CleanupSexFromFirstNameRow: {
            /**
             * Format: uuid
             * @description The person's id.
             */
            person_id: string;
            /** @description The person's primary name as shown (`Unknown` when it has no given name or surname). */
            display_name: string;
            /** @description Why, in words; a row left out as ambiguous starts with `ambiguous:`. */
            reason: string;
            /** @description Always null: the sex tools list only people whose sex is unset. */
            sex: null;
            /** @description The sex the apply would set; null on a row left out as ambiguous (`include_ambiguous=true`). */
            proposed: components["schemas"]["Sex"] | null;
            /** @description The first given name looked up in the dictionary. */
            first_name: string;
        };
        CleanupSexFromSpouseRow: {
            /**
             * Format: uuid
             * @description The person's id.
             */
            person_id: string;
            /** @description The person's primary name as shown (`Unknown` when it has no given name or surname). */
            display_name: string;
            /** @description Why, in words; a row left out as ambiguous starts with `ambiguous:`. */
            reason: string;
            /** @description Always null: the sex tools list only people whose sex is unset. */
            sex: null;
            /** @description The sex the apply would set; null on a row left out as ambiguous (`include_ambiguous=true`). */
            proposed: components["schemas"]["Sex"] | null;
            /** @description The partners whose sex is set. */
            partner_ids: string[];
        };
        CleanupGenderApply: {
            /** @description The rows kept from the sex previews: whose sex to set, and to what (at most 100,000). */
            changes: {
                /**
                 * Format: uuid
                 * @description The person's id.
                 */
                person_id: string;
                /** @description The sex to set. */
                sex: components["schemas"]["Sex"];
            }[];
        };
        CleanupBrokenNameRow: {
            /**
             * Format: uuid
             * @description The person's id.
             */
            person_id: string;
            /** @description The person's primary name as shown (`Unknown` when it has no given name or surname). */
            display_name: string;
            /** @description What is wrong, in words. */
            reason: string;
            /** @description What is wrong with the primary name: `date_in_surname`, `date_in_given_name`, `no_surname`, `packed_given_names` (several people in the given name). */
            flags: components["schemas"]["CleanupNameFlag"][];
            /** @description The primary name's given name now; in `proposed`, the suggested one. */
            given_name: string;
            /** @description The primary name's surname now; in `proposed`, the suggested one. */
            surname: string;
            /** @description The suggested given name and surname, to edit before applying. */
            proposed: {
                /** @description The primary name's given name now; in `proposed`, the suggested one. */
                given_name: string;
                /** @description The primary name's surname now; in `proposed`, the suggested one. */
                surname: string;
            };
        };
        /** @enum {string} */
        CleanupNameFlag: "date_in_surname" | "date_in_given_name" | "no_surname" | "packed_given_names";
        CleanupNamesApply: {
            /** @description The rows kept from the broken-names preview, with the caller's given name and surname (edited or as proposed); at most 100,000. */
            changes: {
                /**
                 * Format: uuid
                 * @description The person's id.
                 */
                person_id: string;
                /** @description The given name to write over the primary name's. */
                given_name: string;
                /** @description The surname to write over the primary name's. */
                surname: string;
            }[];
        };
        ProposalCreate: {
            /** @description The changes, run in order when applied. Each is the API call it stands for: `op` on `entity`, `id` the record (an update, delete or merge), `data` the POST or PATCH body; a create may carry `ref`, and a later operation names the record it makes as `"$ref"`. */
            operations: components["schemas"]["ProposalOperation"][];
            /** @description What the proposal does, in words for the reviewer; empty when none was given. */
            summary?: string;
        };
        /** @description One operation of a proposal: the API call it stands for. */
        ProposalOperation: {
            /** @description `create`, `update`, `delete`, or `merge` (a person: `id` the kept person, `data` `{ other_id }` the one merged into it). */
            op: components["schemas"]["ProposalOperationKind"];
            /** @description The kind of record: `person`, `name`, `event`, `relationship`, `source` or `citation`. */
            entity: components["schemas"]["ProposalEntity"];
            /** @description The record of an update or delete: its id, or "$ref" of an earlier create */
            id?: string;
            /** @description A name for the record this create makes, used later as "$ref" */
            ref?: string;
            /** @description The entity's POST (create) or PATCH (update) body; a name's create also takes person_id. At most 8 levels deep and 262144 characters of JSON. */
            data?: {
                [key: string]: unknown;
            };
        };
        /** @enum {string} */
        ProposalOperationKind: "create" | "update" | "delete" | "merge";
        /** @enum {string} */
        ProposalEntity: "person" | "name" | "event" | "relationship" | "source" | "citation";
        /** @description A change proposal: operations a member proposed, waiting for an editor to apply or reject them. */
        ProposalRead: {
            /**
             * Format: uuid
             * @description The proposal's id.
             */
            id: string;
            /**
             * Format: uuid
             * @description The tree the record belongs to.
             */
            tree_id: string;
            /**
             * @description `pending` (waiting for an editor), `applied` or `rejected`.
             * @enum {string}
             */
            status: "pending" | "applied" | "rejected";
            /** @description Who proposed it: `contributor` (a member) or `assistant` (the AI assistant or the recommender). */
            origin: string;
            /** @description What the proposal does, in words for the reviewer; empty when none was given. */
            summary: string;
            /** @description The changes, run in order when applied. Each is the API call it stands for: `op` on `entity`, `id` the record (an update, delete or merge), `data` the POST or PATCH body; a create may carry `ref`, and a later operation names the record it makes as `"$ref"`. */
            operations: components["schemas"]["ProposalOperation"][];
            /**
             * Format: uuid
             * @description The member who proposed it (for the assistant: the member who asked); null once that account is gone.
             */
            proposer_id: string | null;
            /**
             * Format: uuid
             * @description The editor who applied or rejected it, or whose apply last failed; null until then.
             */
            reviewer_id: string | null;
            /** @description Why an apply stopped: the failing operation's index, a code and a sentence; null when none failed. The operations before it stay applied. */
            apply_error: components["schemas"]["ProposalApplyError"] | null;
            /** @description Operations applied so far, in order: a later apply resumes at this index. */
            applied_count: number;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the proposal was applied or rejected; null while pending.
             */
            decided_at: string | null;
        };
        ProposalApplyError: {
            /** @description The index of the failing operation in `operations`. */
            index: number;
            /** @description A stable machine word for what went wrong (`not_found`, `invalid_input`, `invalid_reference`, `last_owner`...): branch on this, not on the words. */
            code: string;
            /** @description What went wrong, in words for a person to read. */
            detail: string;
        };
        /** @description A change proposal with its diff: the current values beside the proposed ones. */
        ProposalDetail: {
            /**
             * Format: uuid
             * @description The proposal's id.
             */
            id: string;
            /**
             * Format: uuid
             * @description The tree the record belongs to.
             */
            tree_id: string;
            /**
             * @description `pending` (waiting for an editor), `applied` or `rejected`.
             * @enum {string}
             */
            status: "pending" | "applied" | "rejected";
            /** @description Who proposed it: `contributor` (a member) or `assistant` (the AI assistant or the recommender). */
            origin: string;
            /** @description What the proposal does, in words for the reviewer; empty when none was given. */
            summary: string;
            /** @description The changes, run in order when applied. Each is the API call it stands for: `op` on `entity`, `id` the record (an update, delete or merge), `data` the POST or PATCH body; a create may carry `ref`, and a later operation names the record it makes as `"$ref"`. */
            operations: components["schemas"]["ProposalOperation"][];
            /**
             * Format: uuid
             * @description The member who proposed it (for the assistant: the member who asked); null once that account is gone.
             */
            proposer_id: string | null;
            /**
             * Format: uuid
             * @description The editor who applied or rejected it, or whose apply last failed; null until then.
             */
            reviewer_id: string | null;
            /** @description Why an apply stopped: the failing operation's index, a code and a sentence; null when none failed. The operations before it stay applied. */
            apply_error: components["schemas"]["ProposalApplyError"] | null;
            /** @description Operations applied so far, in order: a later apply resumes at this index. */
            applied_count: number;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the proposal was applied or rejected; null while pending.
             */
            decided_at: string | null;
            /** @description Per operation, in order: `before`, the current values of the fields it changes (null for a create; the whole record for a delete; `{ person, other }` for a merge), beside `after`, the proposed values (null for a delete). */
            diff: components["schemas"]["ProposalDiffEntry"][];
        };
        ProposalDiffEntry: {
            /** @description The operation's index in `operations`. */
            index: number;
            /** @description The current values of the fields the operation changes; null for a create, or when the record is gone. */
            before: {
                [key: string]: unknown;
            } | null;
            /** @description The proposed values; null for a delete. */
            after: {
                [key: string]: unknown;
            } | null;
        };
        ProposalApply: {
            /** @description Edited operations that replace the stored ones, checked as on propose; absent: the stored ones run. */
            operations?: components["schemas"]["ProposalOperation"][];
        };
        AssistantRequest: {
            /** @description The conversation so far, oldest first: the member's messages and the assistant's earlier replies (1 to 50). */
            messages: components["schemas"]["AssistantMessage"][];
        };
        AssistantMessage: {
            /**
             * @description `user` for what the member wrote, `assistant` for an earlier reply.
             * @enum {string}
             */
            role: "user" | "assistant";
            /** @description The message's text. */
            content: string;
        };
        AssistantReply: {
            /** @description The assistant's answer, in words. */
            reply: string;
            /** @description The pending proposals the assistant made while answering, for an editor to review. */
            proposal_ids: string[];
            /** @description The provider that answered: the tree's ai_member_provider. */
            provider: string;
            /** @description The model the provider runs, as configured in AI_PROVIDERS. */
            model: string;
        };
        /** @description A candidate for a person (a duplicate, a parent, a child, a partner), with operations ready to propose. */
        Recommendation: {
            /**
             * @description `possible_duplicate` (the same person twice), `possible_parent` and `possible_child` (the same surname, a plausible generation gap, perhaps the same birth place) or `possible_partner` (two parents of one child with no partnership).
             * @enum {string}
             */
            kind: "possible_duplicate" | "possible_parent" | "possible_child" | "possible_partner";
            /** @description The person asked about, then the candidate. */
            person_ids: string[];
            /** @description 0 to 1, higher is likelier. */
            score: number;
            /** @description The evidence weighed, in words. */
            reasons: string[];
            /** @description Ready to send as a proposal's operations (POST /trees/{id}/proposals): the merge of the candidate into the person, or the relationship to create. */
            operations: {
                [key: string]: unknown;
            }[];
            /** @description The recommender provider's words on this candidate; present only when the tree's ai_recommender_provider re-ranked the list. */
            rationale?: string;
        };
        /** @description How two persons are related: the kinship term, the shortest path and the common ancestors. */
        KinshipRead: {
            /** @description What `to` is to `from`, as an English kinship term (`grandmother`, `first cousin once removed`, `half-brother`, `wife`, `father-in-law`, `stepson`); `self` for one person; null when they are not connected. */
            relationship: string | null;
            /** @description The shortest chain from `from` to `to`: each step says what that person is to the one before (`parent`, `child`, `partner`); the first, `from` itself, has step null. Empty when not connected. */
            path: {
                /**
                 * Format: uuid
                 * @description The person's id.
                 */
                person_id: string;
                /** @description What this person is to the one before: `parent`, `child` or `partner`; null for the first. */
                step: components["schemas"]["KinshipStep"] | null;
            }[];
            /** @description For blood relatives, their common ancestors (on a direct line, the ancestor of the two); empty otherwise. */
            common_ancestor_ids: string[];
        };
        /** @enum {string} */
        KinshipStep: "parent" | "child" | "partner";
        /** @description Two persons of the tree that may be one, with the evidence. */
        DuplicatePair: {
            /** @description The two persons, in id order. */
            person_ids: [
                string,
                string
            ];
            /**
             * @description How likely the two are one person: `high` or `medium`.
             * @enum {string}
             */
            score: "high" | "medium";
            /** @description The evidence weighed, in words. */
            reasons: string[];
        };
        DuplicateDismiss: {
            /** @description The two persons that are not one, both of this tree. */
            person_ids: [
                string,
                string
            ];
        };
        /** @description What merging another person into this one would do; nothing is written. */
        MergePreview: {
            /** @description The kept person as they are now. */
            person: components["schemas"]["PersonRead"];
            /** @description The other person as they are now; the merge soft-deletes them with merged_into set (restoring them undoes it). */
            other: components["schemas"]["PersonRead"];
            /** @description The other's names: those that move to the kept person (as alternates) and those that duplicate the kept person's. */
            names: {
                /** @description Records that move to the kept person, shown as they will be. */
                moved: components["schemas"]["NameRead"][];
                /** @description Records that duplicate the kept person's: they stay with the other person, shown as they are. */
                duplicates: components["schemas"]["NameRead"][];
            };
            /** @description The other's events, and the events of their partnerships: those that move (as they will be) and those that duplicate the kept person's. */
            events: {
                /** @description Records that move to the kept person, shown as they will be. */
                moved: components["schemas"]["EventRead"][];
                /** @description Records that duplicate the kept person's: they stay with the other person, shown as they are. */
                duplicates: components["schemas"]["EventRead"][];
            };
            /** @description The other's relationships: those that move to the kept person, those dropped, and qualifier conflicts. */
            relationships: {
                /** @description Records that move to the kept person, shown as they will be. */
                moved: components["schemas"]["RelationshipRead"][];
                /** @description Edges the merge drops, and why. */
                dropped: components["schemas"]["MergeDroppedRelationship"][];
                /** @description Edges that duplicate one of the kept person's but disagree on the qualifier. */
                conflicts: components["schemas"]["MergeConflict"][];
            };
            /** @description How many of the other's citations are re-targeted to the kept person (or to the kept twin of a duplicate). */
            citations: number;
            /** @description How many of the other's media items are re-attached likewise. */
            media: number;
            /** @description Unset fields of the kept person that take the other's value. */
            fills: {
                /** @description In `fills`: the other's sex, taken because the kept person's is unset. */
                sex?: components["schemas"]["Sex"];
                /** @description In `fills`: the other's is_living, taken because the kept person's is unset. */
                is_living?: boolean;
            };
            /** @description The kept person's notes after the merge. */
            notes: string;
        };
        MergeDroppedRelationship: {
            /** @description The other person's edge, as it is. */
            relationship: components["schemas"]["RelationshipRead"];
            /**
             * @description `self`: the edge would link the kept person to themselves (an edge between the two merged persons); `duplicate`: the kept person has that edge already.
             * @enum {string}
             */
            reason: "self" | "duplicate";
        };
        MergeConflict: {
            /**
             * Format: uuid
             * @description The other person's edge.
             */
            relationship_id: string;
            /**
             * Format: uuid
             * @description The kept person's edge that the other's duplicates.
             */
            kept_relationship_id: string;
            /**
             * @description The field the two edges disagree on: always `qualifier`.
             * @constant
             */
            field: "qualifier";
            /** @description The kept person's edge's qualifier. */
            kept: components["schemas"]["ParentChildQualifier"] | null;
            /** @description The other person's edge's qualifier. */
            other: components["schemas"]["ParentChildQualifier"] | null;
        };
        MergeRequest: {
            /**
             * Format: uuid
             * @description The person to merge into this one; it is soft-deleted with merged_into set (restoring it undoes the merge).
             */
            other_id: string;
        };
        /** @description A node of a pedigree chart: a person and their parents' nodes. */
        PedigreeNode: {
            /** @description The person here, as the privacy engine lets the reader see them (`Living person` when redacted). */
            person: components["schemas"]["PersonRead"];
            /** @description true: this person is expanded elsewhere in the chart (pedigree collapse), and this node has no `parents`. */
            ref: boolean;
            /** @description The person's parents, male first, then female, then unknown, then by birth year; absent on a reference node. */
            parents?: components["schemas"]["PedigreeNode"][];
            /** @description true: the next generation was cut by the cap of 5,000 distinct persons; absent otherwise. */
            truncated?: boolean;
        };
        /** @description A node of a descendant chart: a person and their children's nodes. */
        DescendantNode: {
            /** @description The person here, as the privacy engine lets the reader see them (`Living person` when redacted). */
            person: components["schemas"]["PersonRead"];
            /** @description true: this person is expanded elsewhere in the chart (reached twice), and this node has no `children`. */
            ref: boolean;
            /** @description The person's children, by birth year; absent on a reference node. */
            children?: components["schemas"]["DescendantNode"][];
            /** @description true: the next generation was cut by the cap of 5,000 distinct persons; absent otherwise. */
            truncated?: boolean;
        };
        /** @description A GEDCOM import into the tree: the file, when, who, its counts, and whether it was undone. */
        GedcomImport: {
            /**
             * Format: uuid
             * @description The GEDCOM import's id, as the tree's import list names it (undo: POST /trees/{id}/imports/{import_id}/undo).
             */
            import_id: string;
            /** @description The uploaded file's name as the client gave it; empty when none. */
            file_name: string;
            /**
             * Format: date-time
             * @description When the import ran.
             */
            at: string;
            /** @description Who imported: `id` the user's id and `display` their email, each null for an account since removed. */
            actor: {
                /**
                 * Format: uuid
                 * @description In `actor`: the user's id; null for an account since removed.
                 */
                id: string | null;
                /** @description In `actor`: the user's email; null for an account since removed. */
                display: string | null;
            };
            /** @description The import report's counts, by kind of record (created, merged, skipped, reused...). */
            counts: {
                [key: string]: {
                    [key: string]: number;
                };
            };
            /**
             * Format: date-time
             * @description When the import was undone; null while it stands.
             */
            undone_at: string | null;
        };
        HistoryRestore: {
            /** @description `true`: go ahead over later changes. A restore then writes over fields changed since (otherwise 409 history_conflict, naming them); an import undo also reverts records changed since (otherwise they are kept and listed in `left`). */
            force?: boolean;
        };
        GedcomImportUndone: {
            /**
             * Format: uuid
             * @description The GEDCOM import's id, as the tree's import list names it (undo: POST /trees/{id}/imports/{import_id}/undo).
             */
            import_id: string;
            /** @description Records the import created, now soft-deleted (recoverable until the purge), by kind. */
            deleted: {
                [key: string]: number;
            };
            /** @description Existing records the import had changed (merged into, overwritten), put back. */
            reverted: number;
            /** @description Records someone changed since the import, left as they are (none with `force`); at most 1,000 listed. */
            left: {
                /** @description The record's kind. */
                type: components["schemas"]["RecordKind"];
                /**
                 * Format: uuid
                 * @description The record's id.
                 */
                id: string;
            }[];
        };
        /** @enum {string} */
        RecordKind: "person" | "name" | "event" | "relationship" | "source" | "citation" | "media" | "repository";
        /** @description One change of a record: who, when, why, and each field's value before and after. */
        HistoryEntry: {
            /**
             * Format: uuid
             * @description The change's id: restore the record as it was before it with POST …/history/{change_id}/restore.
             */
            change_id: string;
            /**
             * Format: date-time
             * @description When the change was written.
             */
            at: string;
            /** @description Who wrote the change: `id` the user's id and `display` their email, each null for a system write or an account since removed. */
            actor: {
                /**
                 * Format: uuid
                 * @description In `actor`: the user's id (null for a system write or an account since removed); in `record`: the changed record's id.
                 */
                id: string | null;
                /** @description In `actor`: the user's email; null for a system write or an account since removed. */
                display: string | null;
            };
            /** @description `create`, `update`, `delete` (soft) or `undelete` (a deletion restored). */
            action: components["schemas"]["ChangeAction"];
            /** @description Why, by the operation that wrote it: `api` (a direct call), `cleanup` (a Cleanup apply), `proposal` (an applied proposal), `merge` (a person merge), `gedcom_import`, `account_import` (a restored backup) or `restore` (a history restore or an import undo). */
            origin: components["schemas"]["ChangeOrigin"];
            /** @description The record changed: its kind and id. */
            record: {
                /** @description In `record`: the kind of record (a person's history includes its names', events' and edges' changes). */
                type: components["schemas"]["RecordKind"];
                /**
                 * Format: uuid
                 * @description In `actor`: the user's id (null for a system write or an account since removed); in `record`: the changed record's id.
                 */
                id: string;
            };
            /** @description The fields written, each with its value before and after. A created record lists its non-empty fields, `before` null; a deletion or undeletion lists none. */
            changes: {
                /** @description The field's name as the API names it (an event's place as `place`). */
                field: string;
                /** @description The field's value as stored: text, number, boolean, null, or a structure (a date, identifiers). */
                before?: unknown;
                /** @description The field's value as stored: text, number, boolean, null, or a structure (a date, identifiers). */
                after?: unknown;
            }[];
        };
        /** @enum {string} */
        ChangeAction: "create" | "update" | "delete" | "undelete";
        /** @enum {string} */
        ChangeOrigin: "api" | "cleanup" | "proposal" | "merge" | "gedcom_import" | "account_import" | "restore";
        /** @description A tree as the public surface shows it: no members, no owner. */
        PublicTreeRead: {
            /**
             * Format: uuid
             * @description The tree's id.
             */
            id: string;
            /** @description The tree's name. */
            name: string;
            /** @description What the tree holds, in words for its readers; empty when none. */
            description: string;
            /** @description Who may view the tree besides its members: `private` (members only), `site_members` (any signed-in user of this instance), `unlisted` (anyone with the link; never in the directory) or `public` (anyone; listed in the directory). Non-members see possibly living persons redacted. A new tree is `private` unless one is given. */
            visibility: components["schemas"]["Visibility"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "helen.brown@example.org",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["NewAccount"];
            };
        };
        responses: {
            /** @description The new account and its session token. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *         "email": "helen.brown@example.org",
                     *         "email_verified": true,
                     *         "self_person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d06",
                     *         "is_instance_owner": false,
                     *         "created_at": "2026-11-23T09:30:00.000Z"
                     *       },
                     *       "token": "9JZyUb33DBINylOq7eHToyUMCZborgyJ4AQlRgNjX2o"
                     *     }
                     */
                    "application/json": components["schemas"]["AuthResult"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "helen.brown@example.org",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["Credentials"];
            };
        };
        responses: {
            /** @description The account and a new session token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *         "email": "helen.brown@example.org",
                     *         "email_verified": true,
                     *         "self_person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d06",
                     *         "is_instance_owner": false,
                     *         "created_at": "2026-11-23T09:30:00.000Z"
                     *       },
                     *       "token": "9JZyUb33DBINylOq7eHToyUMCZborgyJ4AQlRgNjX2o"
                     *     }
                     */
                    "application/json": components["schemas"]["AuthResult"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "Q31oiHDdHRkvVgnB_WFqzBVdyIp6jqUzr03N4CZtpAE"
                 *     }
                 */
                "application/json": components["schemas"]["TokenBody"];
            };
        };
        responses: {
            /** @description The email is verified. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resendVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sent, or nothing to send. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "helen.brown@example.org"
                 *     }
                 */
                "application/json": components["schemas"]["PasswordResetRequest"];
            };
        };
        responses: {
            /** @description Accepted (whether or not the email exists). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "sxRzw6D2h8Fqgv82LbUMUazGXgwuY6DVfDUaPLKEcC0",
                 *       "new_password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["PasswordResetConfirm"];
            };
        };
        responses: {
            /** @description Password changed; sign in again. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "current_password": "Tr0ub4dor&3",
                 *       "new_password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["ChangePassword"];
            };
        };
        responses: {
            /** @description Password changed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *       "email": "helen.brown@example.org",
                     *       "email_verified": true,
                     *       "self_person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d06",
                     *       "is_instance_owner": false,
                     *       "created_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["UserRead"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "helen.brown@example.org"
                 *     }
                 */
                "application/json": components["schemas"]["AccountDeletion"];
            };
        };
        responses: {
            /** @description The account is deleted and the session cookie cleared. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setSelfPerson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d06"
                 *     }
                 */
                "application/json": components["schemas"]["SelfPersonUpdate"];
            };
        };
        responses: {
            /** @description The current user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *       "email": "helen.brown@example.org",
                     *       "email_verified": true,
                     *       "self_person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d06",
                     *       "is_instance_owner": false,
                     *       "created_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["UserRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The backup. */
            200: {
                headers: {
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "multipart/form-data": components["schemas"]["AccountImport"];
            };
        };
        responses: {
            /** @description The restored trees (old and new ids) and the counts per kind. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "trees": [
                     *         {
                     *           "source_id": "01920c11-7d3a-7e55-8a10-3c4d5e6f7a01",
                     *           "id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *           "name": "Smith and Brown Family",
                     *           "counts": {
                     *             "trees": 1,
                     *             "persons": 6,
                     *             "names": 7,
                     *             "places": 3,
                     *             "relationships": 5,
                     *             "events": 11,
                     *             "repositories": 1,
                     *             "sources": 1,
                     *             "citations": 2,
                     *             "media": 1,
                     *             "proposals": 1,
                     *             "duplicate_dismissals": 0
                     *           },
                     *           "members_not_restored": [
                     *             {
                     *               "email": "george.brown@example.org",
                     *               "role": "editor"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "counts": {
                     *         "trees": 1,
                     *         "persons": 6,
                     *         "names": 7,
                     *         "places": 3,
                     *         "relationships": 5,
                     *         "events": 11,
                     *         "repositories": 1,
                     *         "sources": 1,
                     *         "citations": 2,
                     *         "media": 1,
                     *         "proposals": 1,
                     *         "duplicate_dismissals": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["AccountImportReport"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTrees: {
        parameters: {
            query?: {
                /** @description `true`: list the soft-deleted trees the caller owns, still recoverable (until the purge), instead of the live ones. */
                deleted?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trees, ordered by id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "name": "Smith and Brown Family",
                     *         "description": "Descendants of William Smith of Boston, and of Mary Ann Smith and John Henry Brown, married there in 1872.",
                     *         "visibility": "public",
                     *         "home_person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "ai_member_provider": "openai",
                     *         "ai_recommender_provider": null,
                     *         "role": "owner",
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z",
                     *         "deleted_at": null,
                     *         "owner_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["TreeRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createTree: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Smith and Brown Family",
                 *       "description": "Descendants of William Smith of Boston, and of Mary Ann Smith and John Henry Brown, married there in 1872.",
                 *       "visibility": "public"
                 *     }
                 */
                "application/json": components["schemas"]["TreeCreate"];
            };
        };
        responses: {
            /** @description The new tree. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "name": "Smith and Brown Family",
                     *       "description": "Descendants of William Smith of Boston, and of Mary Ann Smith and John Henry Brown, married there in 1872.",
                     *       "visibility": "public",
                     *       "home_person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "ai_member_provider": "openai",
                     *       "ai_recommender_provider": null,
                     *       "role": "owner",
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "deleted_at": null,
                     *       "owner_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01"
                     *     }
                     */
                    "application/json": components["schemas"]["TreeRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTree: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tree. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "name": "Smith and Brown Family",
                     *       "description": "Descendants of William Smith of Boston, and of Mary Ann Smith and John Henry Brown, married there in 1872.",
                     *       "visibility": "public",
                     *       "home_person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "ai_member_provider": "openai",
                     *       "ai_recommender_provider": null,
                     *       "role": "owner",
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "deleted_at": null,
                     *       "owner_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01"
                     *     }
                     */
                    "application/json": components["schemas"]["TreeRead"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteTree: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateTree: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Smith and Brown Family",
                 *       "description": "Descendants of William Smith of Boston, and of Mary Ann Smith and John Henry Brown, married there in 1872.",
                 *       "visibility": "public",
                 *       "home_person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01"
                 *     }
                 */
                "application/json": components["schemas"]["TreeUpdate"];
            };
        };
        responses: {
            /** @description The updated tree. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "name": "Smith and Brown Family",
                     *       "description": "Descendants of William Smith of Boston, and of Mary Ann Smith and John Henry Brown, married there in 1872.",
                     *       "visibility": "public",
                     *       "home_person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "ai_member_provider": "openai",
                     *       "ai_recommender_provider": null,
                     *       "role": "owner",
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "deleted_at": null,
                     *       "owner_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01"
                     *     }
                     */
                    "application/json": components["schemas"]["TreeRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreTree: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The restored tree. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "name": "Smith and Brown Family",
                     *       "description": "Descendants of William Smith of Boston, and of Mary Ann Smith and John Henry Brown, married there in 1872.",
                     *       "visibility": "public",
                     *       "home_person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "ai_member_provider": "openai",
                     *       "ai_recommender_provider": null,
                     *       "role": "owner",
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "deleted_at": null,
                     *       "owner_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01"
                     *     }
                     */
                    "application/json": components["schemas"]["TreeRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    purgeTree: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Smith and Brown Family"
                 *     }
                 */
                "application/json": components["schemas"]["TreePurge"];
            };
        };
        responses: {
            /** @description Purged. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAiPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ai_member_provider": "openai",
                     *       "ai_recommender_provider": null,
                     *       "providers": [
                     *         {
                     *           "name": "openai",
                     *           "model": "gpt-4o-mini"
                     *         }
                     *       ],
                     *       "available": true,
                     *       "ai_member_available": true,
                     *       "ai_recommender_available": false
                     *     }
                     */
                    "application/json": components["schemas"]["AiPolicyRead"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateAiPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ai_member_provider": "openai",
                 *       "ai_recommender_provider": null
                 *     }
                 */
                "application/json": components["schemas"]["AiPolicyUpdate"];
            };
        };
        responses: {
            /** @description The policy. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ai_member_provider": "openai",
                     *       "ai_recommender_provider": null,
                     *       "providers": [
                     *         {
                     *           "name": "openai",
                     *           "model": "gpt-4o-mini"
                     *         }
                     *       ],
                     *       "available": true,
                     *       "ai_member_available": true,
                     *       "ai_recommender_available": false
                     *     }
                     */
                    "application/json": components["schemas"]["AiPolicyRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTreeAudit: {
        parameters: {
            query?: {
                /**
                 * @description At most this many items (1 to 1000) in one page, with the next page's cursor in the X-Next-Cursor header and a Link rel="next" header. Absent: every item in one answer.
                 * @example 100
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Audit entries, newest first. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b20-3c4d-7e5f-8a6b-7c8d9e0f1a01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "actor_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *         "action": "person.update",
                     *         "entity_type": "person",
                     *         "entity_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "details": {
                     *           "is_living": false,
                     *           "notes": true,
                     *           "death": true
                     *         },
                     *         "created_at": "2026-11-23T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["AuditEntryRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The members, in joining order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "user_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e02",
                     *         "email": "george.brown@example.org",
                     *         "role": "editor",
                     *         "joined_at": "2026-11-23T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["MemberRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "george.brown@example.org",
                 *       "role": "editor"
                 *     }
                 */
                "application/json": components["schemas"]["MemberCreate"];
            };
        };
        responses: {
            /** @description The new member. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e02",
                     *       "email": "george.brown@example.org",
                     *       "role": "editor",
                     *       "joined_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["MemberRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The member's user id.
                 * @example 01936b1d-9e00-7c12-8f45-6a7b8c9d0e02
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    changeMemberRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The member's user id.
                 * @example 01936b1d-9e00-7c12-8f45-6a7b8c9d0e02
                 */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "editor"
                 *     }
                 */
                "application/json": components["schemas"]["MemberUpdate"];
            };
        };
        responses: {
            /** @description The member. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e02",
                     *       "email": "george.brown@example.org",
                     *       "role": "editor",
                     *       "joined_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["MemberRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getInstanceStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The instance status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "version": "0.1.0",
                     *       "environment": "production",
                     *       "user_count": 42,
                     *       "tree_count": 57,
                     *       "ai_providers": [
                     *         {
                     *           "name": "openai",
                     *           "model": "gpt-4o-mini"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["InstanceStatus"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPersons: {
        parameters: {
            query?: {
                /**
                 * @description At most this many items (1 to 1000) in one page, with the next page's cursor in X-Next-Cursor and Link. Absent: every person, streamed; with `q`, 20.
                 * @example 20
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
                /**
                 * @description A fuzzy name search, typo tolerant (trigram similarity of its words to the words of every live name): best match first.
                 * @example Mary Smyth
                 */
                q?: string;
                /**
                 * @description Comma-separated person ids (at most 1000): those persons in one answer, with their names.
                 * @example 01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01,01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d02
                 */
                ids?: string;
                /** @description `true`: list the soft-deleted records still recoverable (until the purge) instead of the live ones (members only). */
                deleted?: "true" | "false";
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Persons (search: best match first; otherwise by id). */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "display_name": "Mary Ann Smith",
                     *         "given_name": "Mary Ann",
                     *         "surname": "Smith",
                     *         "sex": "female",
                     *         "is_living": false,
                     *         "privacy": "default",
                     *         "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *         "identifiers": [
                     *           {
                     *             "kind": "refn",
                     *             "value": "SB-0017",
                     *             "type": "Smith family register"
                     *           }
                     *         ],
                     *         "birth": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1850,
                     *             "month": 3,
                     *             "day": 12
                     *           },
                     *           "date_display": "12 MAR 1850",
                     *           "place": "Boston, Suffolk, Massachusetts, USA"
                     *         },
                     *         "death": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1921,
                     *             "month": 1,
                     *             "day": 3
                     *           },
                     *           "date_display": "3 JAN 1921",
                     *           "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *         },
                     *         "redacted": false,
                     *         "merged_into": null,
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z",
                     *         "names": [
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "birth",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Smith",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": true,
                     *             "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *           },
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "married",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Brown",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": false,
                     *             "notes": "Used after her marriage to John Henry Brown in 1872."
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["PersonRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "given_name": "Mary Ann",
                 *       "surname": "Smith",
                 *       "sex": "female",
                 *       "is_living": false,
                 *       "privacy": "default",
                 *       "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                 *       "identifiers": [
                 *         {
                 *           "kind": "refn",
                 *           "value": "SB-0017",
                 *           "type": "Smith family register"
                 *         }
                 *       ],
                 *       "birth": {
                 *         "date": {
                 *           "qualifier": "exact",
                 *           "year": 1850,
                 *           "month": 3,
                 *           "day": 12
                 *         },
                 *         "place": "Boston, Suffolk, Massachusetts, USA"
                 *       },
                 *       "death": {
                 *         "date": {
                 *           "qualifier": "exact",
                 *           "year": 1921,
                 *           "month": 1,
                 *           "day": 3
                 *         },
                 *         "place": "Cambridge, Middlesex, Massachusetts, USA"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["PersonCreate"];
            };
        };
        responses: {
            /** @description The person. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "display_name": "Mary Ann Smith",
                     *       "given_name": "Mary Ann",
                     *       "surname": "Smith",
                     *       "sex": "female",
                     *       "is_living": false,
                     *       "privacy": "default",
                     *       "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *       "identifiers": [
                     *         {
                     *           "kind": "refn",
                     *           "value": "SB-0017",
                     *           "type": "Smith family register"
                     *         }
                     *       ],
                     *       "birth": {
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1850,
                     *           "month": 3,
                     *           "day": 12
                     *         },
                     *         "date_display": "12 MAR 1850",
                     *         "place": "Boston, Suffolk, Massachusetts, USA"
                     *       },
                     *       "death": {
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1921,
                     *           "month": 1,
                     *           "day": 3
                     *         },
                     *         "date_display": "3 JAN 1921",
                     *         "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *       },
                     *       "redacted": false,
                     *       "merged_into": null,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "names": [
                     *         {
                     *           "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "name_type": "birth",
                     *           "given_name": "Mary Ann",
                     *           "surname": "Smith",
                     *           "prefix": "",
                     *           "suffix": "",
                     *           "surname_prefix": "",
                     *           "is_primary": true,
                     *           "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *         },
                     *         {
                     *           "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "name_type": "married",
                     *           "given_name": "Mary Ann",
                     *           "surname": "Brown",
                     *           "prefix": "",
                     *           "suffix": "",
                     *           "surname_prefix": "",
                     *           "is_primary": false,
                     *           "notes": "Used after her marriage to John Henry Brown in 1872."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PersonRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "display_name": "Mary Ann Smith",
                     *       "given_name": "Mary Ann",
                     *       "surname": "Smith",
                     *       "sex": "female",
                     *       "is_living": false,
                     *       "privacy": "default",
                     *       "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *       "identifiers": [
                     *         {
                     *           "kind": "refn",
                     *           "value": "SB-0017",
                     *           "type": "Smith family register"
                     *         }
                     *       ],
                     *       "birth": {
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1850,
                     *           "month": 3,
                     *           "day": 12
                     *         },
                     *         "date_display": "12 MAR 1850",
                     *         "place": "Boston, Suffolk, Massachusetts, USA"
                     *       },
                     *       "death": {
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1921,
                     *           "month": 1,
                     *           "day": 3
                     *         },
                     *         "date_display": "3 JAN 1921",
                     *         "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *       },
                     *       "redacted": false,
                     *       "merged_into": null,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "names": [
                     *         {
                     *           "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "name_type": "birth",
                     *           "given_name": "Mary Ann",
                     *           "surname": "Smith",
                     *           "prefix": "",
                     *           "suffix": "",
                     *           "surname_prefix": "",
                     *           "is_primary": true,
                     *           "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *         },
                     *         {
                     *           "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "name_type": "married",
                     *           "given_name": "Mary Ann",
                     *           "surname": "Brown",
                     *           "prefix": "",
                     *           "suffix": "",
                     *           "surname_prefix": "",
                     *           "is_primary": false,
                     *           "notes": "Used after her marriage to John Henry Brown in 1872."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PersonRead"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deletePerson: {
        parameters: {
            query?: {
                /** @description `true`: also soft-delete the person's descendants (the answer counts them all). */
                cascade?: "true" | "false";
            };
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many persons were deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": 1
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedCount"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updatePerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "given_name": "Mary Ann",
                 *       "surname": "Smith",
                 *       "sex": "female",
                 *       "is_living": false,
                 *       "privacy": "default",
                 *       "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                 *       "identifiers": [
                 *         {
                 *           "kind": "refn",
                 *           "value": "SB-0017",
                 *           "type": "Smith family register"
                 *         }
                 *       ],
                 *       "birth": {
                 *         "date": {
                 *           "qualifier": "exact",
                 *           "year": 1850,
                 *           "month": 3,
                 *           "day": 12
                 *         },
                 *         "place": "Boston, Suffolk, Massachusetts, USA"
                 *       },
                 *       "death": {
                 *         "date": {
                 *           "qualifier": "exact",
                 *           "year": 1921,
                 *           "month": 1,
                 *           "day": 3
                 *         },
                 *         "place": "Cambridge, Middlesex, Massachusetts, USA"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["PersonUpdate"];
            };
        };
        responses: {
            /** @description The person. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "display_name": "Mary Ann Smith",
                     *       "given_name": "Mary Ann",
                     *       "surname": "Smith",
                     *       "sex": "female",
                     *       "is_living": false,
                     *       "privacy": "default",
                     *       "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *       "identifiers": [
                     *         {
                     *           "kind": "refn",
                     *           "value": "SB-0017",
                     *           "type": "Smith family register"
                     *         }
                     *       ],
                     *       "birth": {
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1850,
                     *           "month": 3,
                     *           "day": 12
                     *         },
                     *         "date_display": "12 MAR 1850",
                     *         "place": "Boston, Suffolk, Massachusetts, USA"
                     *       },
                     *       "death": {
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1921,
                     *           "month": 1,
                     *           "day": 3
                     *         },
                     *         "date_display": "3 JAN 1921",
                     *         "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *       },
                     *       "redacted": false,
                     *       "merged_into": null,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "names": [
                     *         {
                     *           "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "name_type": "birth",
                     *           "given_name": "Mary Ann",
                     *           "surname": "Smith",
                     *           "prefix": "",
                     *           "suffix": "",
                     *           "surname_prefix": "",
                     *           "is_primary": true,
                     *           "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *         },
                     *         {
                     *           "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "name_type": "married",
                     *           "given_name": "Mary Ann",
                     *           "surname": "Brown",
                     *           "prefix": "",
                     *           "suffix": "",
                     *           "surname_prefix": "",
                     *           "is_primary": false,
                     *           "notes": "Used after her marriage to John Henry Brown in 1872."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PersonRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restorePerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "display_name": "Mary Ann Smith",
                     *       "given_name": "Mary Ann",
                     *       "surname": "Smith",
                     *       "sex": "female",
                     *       "is_living": false,
                     *       "privacy": "default",
                     *       "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *       "identifiers": [
                     *         {
                     *           "kind": "refn",
                     *           "value": "SB-0017",
                     *           "type": "Smith family register"
                     *         }
                     *       ],
                     *       "birth": {
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1850,
                     *           "month": 3,
                     *           "day": 12
                     *         },
                     *         "date_display": "12 MAR 1850",
                     *         "place": "Boston, Suffolk, Massachusetts, USA"
                     *       },
                     *       "death": {
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1921,
                     *           "month": 1,
                     *           "day": 3
                     *         },
                     *         "date_display": "3 JAN 1921",
                     *         "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *       },
                     *       "redacted": false,
                     *       "merged_into": null,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "names": [
                     *         {
                     *           "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "name_type": "birth",
                     *           "given_name": "Mary Ann",
                     *           "surname": "Smith",
                     *           "prefix": "",
                     *           "suffix": "",
                     *           "surname_prefix": "",
                     *           "is_primary": true,
                     *           "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *         },
                     *         {
                     *           "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "name_type": "married",
                     *           "given_name": "Mary Ann",
                     *           "surname": "Brown",
                     *           "prefix": "",
                     *           "suffix": "",
                     *           "surname_prefix": "",
                     *           "is_primary": false,
                     *           "notes": "Used after her marriage to John Henry Brown in 1872."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PersonRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listNames: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The names. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "name_type": "birth",
                     *         "given_name": "Mary Ann",
                     *         "surname": "Smith",
                     *         "prefix": "Dr.",
                     *         "suffix": "Jr.",
                     *         "surname_prefix": "van",
                     *         "is_primary": true,
                     *         "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["NameRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name_type": "married",
                 *       "given_name": "Mary Ann",
                 *       "surname": "Brown",
                 *       "is_primary": false,
                 *       "notes": "Used after her marriage to John Henry Brown in 1872."
                 *     }
                 */
                "application/json": components["schemas"]["NameCreate"];
            };
        };
        responses: {
            /** @description The name. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "name_type": "married",
                     *       "given_name": "Mary Ann",
                     *       "surname": "Brown",
                     *       "prefix": "",
                     *       "suffix": "",
                     *       "surname_prefix": "",
                     *       "is_primary": false,
                     *       "notes": "Used after her marriage to John Henry Brown in 1872."
                     *     }
                     */
                    "application/json": components["schemas"]["NameRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The name's id (a name of this person).
                 * @example 01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02
                 */
                name_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The name's id (a name of this person).
                 * @example 01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02
                 */
                name_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name_type": "birth",
                 *       "given_name": "Mary Ann",
                 *       "surname": "Smith",
                 *       "prefix": "Dr.",
                 *       "suffix": "Jr.",
                 *       "surname_prefix": "van",
                 *       "is_primary": true,
                 *       "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                 *     }
                 */
                "application/json": components["schemas"]["NameUpdate"];
            };
        };
        responses: {
            /** @description The name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "name_type": "birth",
                     *       "given_name": "Mary Ann",
                     *       "surname": "Smith",
                     *       "prefix": "Dr.",
                     *       "suffix": "Jr.",
                     *       "surname_prefix": "van",
                     *       "is_primary": true,
                     *       "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *     }
                     */
                    "application/json": components["schemas"]["NameRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    makePrimaryName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The name's id (a name of this person).
                 * @example 01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02
                 */
                name_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "name_type": "birth",
                     *       "given_name": "Mary Ann",
                     *       "surname": "Smith",
                     *       "prefix": "Dr.",
                     *       "suffix": "Jr.",
                     *       "surname_prefix": "van",
                     *       "is_primary": true,
                     *       "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *     }
                     */
                    "application/json": components["schemas"]["NameRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTreeEvents: {
        parameters: {
            query?: {
                /**
                 * @description At most this many items (1 to 1000) in one page, with the next page's cursor in the X-Next-Cursor header and a Link rel="next" header. Absent: every item in one answer.
                 * @example 100
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events by id. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "type": "birth",
                     *         "custom_type": null,
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "partnership_id": null,
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1850,
                     *           "month": 3,
                     *           "day": 12
                     *         },
                     *         "date_display": "12 MAR 1850",
                     *         "place_id": "01936b1f-4d50-7e6f-9a7b-8c9d0e1f2a01",
                     *         "place": "Boston, Suffolk, Massachusetts, USA",
                     *         "place_latitude": 42.3601,
                     *         "place_longitude": -71.0589,
                     *         "notes": "Birth registered by her father, William Smith, cordwainer.",
                     *         "detail": "",
                     *         "cause": "",
                     *         "temple": null,
                     *         "ordinance_status": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["EventRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "birth",
                 *       "custom_type": null,
                 *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                 *       "partnership_id": null,
                 *       "date": {
                 *         "qualifier": "exact",
                 *         "year": 1850,
                 *         "month": 3,
                 *         "day": 12
                 *       },
                 *       "place": "Boston, Suffolk, Massachusetts, USA",
                 *       "notes": "Birth registered by her father, William Smith, cordwainer.",
                 *       "detail": "",
                 *       "cause": "",
                 *       "temple": null,
                 *       "ordinance_status": null
                 *     }
                 */
                "application/json": components["schemas"]["EventCreate"];
            };
        };
        responses: {
            /** @description The event. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "type": "birth",
                     *       "custom_type": null,
                     *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "partnership_id": null,
                     *       "date": {
                     *         "qualifier": "exact",
                     *         "year": 1850,
                     *         "month": 3,
                     *         "day": 12
                     *       },
                     *       "date_display": "12 MAR 1850",
                     *       "place_id": "01936b1f-4d50-7e6f-9a7b-8c9d0e1f2a01",
                     *       "place": "Boston, Suffolk, Massachusetts, USA",
                     *       "place_latitude": 42.3601,
                     *       "place_longitude": -71.0589,
                     *       "notes": "Birth registered by her father, William Smith, cordwainer.",
                     *       "detail": "",
                     *       "cause": "",
                     *       "temple": null,
                     *       "ordinance_status": null
                     *     }
                     */
                    "application/json": components["schemas"]["EventRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPersonEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events by id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "type": "birth",
                     *         "custom_type": null,
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "partnership_id": null,
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1850,
                     *           "month": 3,
                     *           "day": 12
                     *         },
                     *         "date_display": "12 MAR 1850",
                     *         "place_id": "01936b1f-4d50-7e6f-9a7b-8c9d0e1f2a01",
                     *         "place": "Boston, Suffolk, Massachusetts, USA",
                     *         "place_latitude": 42.3601,
                     *         "place_longitude": -71.0589,
                     *         "notes": "Birth registered by her father, William Smith, cordwainer.",
                     *         "detail": "",
                     *         "cause": "",
                     *         "temple": null,
                     *         "ordinance_status": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["EventRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The event's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "type": "birth",
                     *       "custom_type": null,
                     *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "partnership_id": null,
                     *       "date": {
                     *         "qualifier": "exact",
                     *         "year": 1850,
                     *         "month": 3,
                     *         "day": 12
                     *       },
                     *       "date_display": "12 MAR 1850",
                     *       "place_id": "01936b1f-4d50-7e6f-9a7b-8c9d0e1f2a01",
                     *       "place": "Boston, Suffolk, Massachusetts, USA",
                     *       "place_latitude": 42.3601,
                     *       "place_longitude": -71.0589,
                     *       "notes": "Birth registered by her father, William Smith, cordwainer.",
                     *       "detail": "",
                     *       "cause": "",
                     *       "temple": null,
                     *       "ordinance_status": null
                     *     }
                     */
                    "application/json": components["schemas"]["EventRead"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The event's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The event's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "birth",
                 *       "custom_type": null,
                 *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                 *       "partnership_id": null,
                 *       "date": {
                 *         "qualifier": "exact",
                 *         "year": 1850,
                 *         "month": 3,
                 *         "day": 12
                 *       },
                 *       "place": "Boston, Suffolk, Massachusetts, USA",
                 *       "notes": "Birth registered by her father, William Smith, cordwainer.",
                 *       "detail": "",
                 *       "cause": "",
                 *       "temple": null,
                 *       "ordinance_status": null
                 *     }
                 */
                "application/json": components["schemas"]["EventUpdate"];
            };
        };
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "type": "birth",
                     *       "custom_type": null,
                     *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "partnership_id": null,
                     *       "date": {
                     *         "qualifier": "exact",
                     *         "year": 1850,
                     *         "month": 3,
                     *         "day": 12
                     *       },
                     *       "date_display": "12 MAR 1850",
                     *       "place_id": "01936b1f-4d50-7e6f-9a7b-8c9d0e1f2a01",
                     *       "place": "Boston, Suffolk, Massachusetts, USA",
                     *       "place_latitude": 42.3601,
                     *       "place_longitude": -71.0589,
                     *       "notes": "Birth registered by her father, William Smith, cordwainer.",
                     *       "detail": "",
                     *       "cause": "",
                     *       "temple": null,
                     *       "ordinance_status": null
                     *     }
                     */
                    "application/json": components["schemas"]["EventRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTreeRelationships: {
        parameters: {
            query?: {
                /**
                 * @description At most this many items (1 to 1000) in one page, with the next page's cursor in the X-Next-Cursor header and a Link rel="next" header. Absent: every item in one answer.
                 * @example 100
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Relationships by id. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "type": "parent_child",
                     *         "person_a_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "person_b_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03",
                     *         "qualifier": "biological",
                     *         "role": null,
                     *         "notes": "Eliza is named as \"my daughter\" in Mary Ann's will of 1919."
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["RelationshipRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createRelationship: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "parent_child",
                 *       "person_a_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                 *       "person_b_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03",
                 *       "qualifier": "biological",
                 *       "role": null,
                 *       "notes": "Eliza is named as \"my daughter\" in Mary Ann's will of 1919."
                 *     }
                 */
                "application/json": components["schemas"]["RelationshipCreate"];
            };
        };
        responses: {
            /** @description The relationship. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "type": "parent_child",
                     *       "person_a_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "person_b_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03",
                     *       "qualifier": "biological",
                     *       "role": null,
                     *       "notes": "Eliza is named as \"my daughter\" in Mary Ann's will of 1919."
                     *     }
                     */
                    "application/json": components["schemas"]["RelationshipRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPersonRelationships: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Relationships by id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "type": "parent_child",
                     *         "person_a_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "person_b_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03",
                     *         "qualifier": "biological",
                     *         "role": null,
                     *         "notes": "Eliza is named as \"my daughter\" in Mary Ann's will of 1919."
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["RelationshipRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRelationship: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The relationship's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The relationship. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "type": "parent_child",
                     *       "person_a_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "person_b_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03",
                     *       "qualifier": "biological",
                     *       "role": null,
                     *       "notes": "Eliza is named as \"my daughter\" in Mary Ann's will of 1919."
                     *     }
                     */
                    "application/json": components["schemas"]["RelationshipRead"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteRelationship: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The relationship's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateRelationship: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The relationship's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "qualifier": "biological",
                 *       "role": null,
                 *       "notes": "Eliza is named as \"my daughter\" in Mary Ann's will of 1919."
                 *     }
                 */
                "application/json": components["schemas"]["RelationshipUpdate"];
            };
        };
        responses: {
            /** @description The relationship. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "type": "parent_child",
                     *       "person_a_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "person_b_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03",
                     *       "qualifier": "biological",
                     *       "role": null,
                     *       "notes": "Eliza is named as \"my daughter\" in Mary Ann's will of 1919."
                     *     }
                     */
                    "application/json": components["schemas"]["RelationshipRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSources: {
        parameters: {
            query?: {
                /**
                 * @description At most this many items (1 to 1000) in one page, with the next page's cursor in the X-Next-Cursor header and a Link rel="next" header. Absent: every item in one answer.
                 * @example 100
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sources by id. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "title": "Boston Births, 1850",
                     *         "author": "City of Boston, Registry Department",
                     *         "publication": "Boston: Municipal Printing Office, 1894",
                     *         "notes": "A transcript; the original volume is at the Boston City Archives.",
                     *         "abbreviation": "Boston Births 1850",
                     *         "recorded_events": [
                     *           {
                     *             "events": "BIRT",
                     *             "date": "FROM 1850 TO 1850",
                     *             "place": "Boston, Suffolk, Massachusetts"
                     *           }
                     *         ],
                     *         "agency": "City of Boston, Registry Department",
                     *         "data_notes": "Entries for 1850 are missing from March to May.",
                     *         "repositories": [
                     *           {
                     *             "repository_id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f",
                     *             "call_number": "Vol. 37, film 0457220"
                     *           }
                     *         ],
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["SourceRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Boston Births, 1850",
                 *       "author": "City of Boston, Registry Department",
                 *       "publication": "Boston: Municipal Printing Office, 1894",
                 *       "notes": "A transcript; the original volume is at the Boston City Archives.",
                 *       "abbreviation": "Boston Births 1850",
                 *       "agency": "City of Boston, Registry Department",
                 *       "data_notes": "Entries for 1850 are missing from March to May.",
                 *       "recorded_events": [
                 *         {
                 *           "events": "BIRT",
                 *           "date": "FROM 1850 TO 1850",
                 *           "place": "Boston, Suffolk, Massachusetts"
                 *         }
                 *       ],
                 *       "repositories": [
                 *         {
                 *           "repository_id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f",
                 *           "call_number": "Vol. 37, film 0457220"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SourceCreate"];
            };
        };
        responses: {
            /** @description The source. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "title": "Boston Births, 1850",
                     *       "author": "City of Boston, Registry Department",
                     *       "publication": "Boston: Municipal Printing Office, 1894",
                     *       "notes": "A transcript; the original volume is at the Boston City Archives.",
                     *       "abbreviation": "Boston Births 1850",
                     *       "recorded_events": [
                     *         {
                     *           "events": "BIRT",
                     *           "date": "FROM 1850 TO 1850",
                     *           "place": "Boston, Suffolk, Massachusetts"
                     *         }
                     *       ],
                     *       "agency": "City of Boston, Registry Department",
                     *       "data_notes": "Entries for 1850 are missing from March to May.",
                     *       "repositories": [
                     *         {
                     *           "repository_id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f",
                     *           "call_number": "Vol. 37, film 0457220"
                     *         }
                     *       ],
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SourceRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The source's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The source. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "title": "Boston Births, 1850",
                     *       "author": "City of Boston, Registry Department",
                     *       "publication": "Boston: Municipal Printing Office, 1894",
                     *       "notes": "A transcript; the original volume is at the Boston City Archives.",
                     *       "abbreviation": "Boston Births 1850",
                     *       "recorded_events": [
                     *         {
                     *           "events": "BIRT",
                     *           "date": "FROM 1850 TO 1850",
                     *           "place": "Boston, Suffolk, Massachusetts"
                     *         }
                     *       ],
                     *       "agency": "City of Boston, Registry Department",
                     *       "data_notes": "Entries for 1850 are missing from March to May.",
                     *       "repositories": [
                     *         {
                     *           "repository_id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f",
                     *           "call_number": "Vol. 37, film 0457220"
                     *         }
                     *       ],
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SourceRead"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The source's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The source's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Boston Births, 1850",
                 *       "author": "City of Boston, Registry Department",
                 *       "publication": "Boston: Municipal Printing Office, 1894",
                 *       "notes": "A transcript; the original volume is at the Boston City Archives.",
                 *       "abbreviation": "Boston Births 1850",
                 *       "agency": "City of Boston, Registry Department",
                 *       "data_notes": "Entries for 1850 are missing from March to May.",
                 *       "recorded_events": [
                 *         {
                 *           "events": "BIRT",
                 *           "date": "FROM 1850 TO 1850",
                 *           "place": "Boston, Suffolk, Massachusetts"
                 *         }
                 *       ],
                 *       "repositories": [
                 *         {
                 *           "repository_id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f",
                 *           "call_number": "Vol. 37, film 0457220"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SourceUpdate"];
            };
        };
        responses: {
            /** @description The source. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "title": "Boston Births, 1850",
                     *       "author": "City of Boston, Registry Department",
                     *       "publication": "Boston: Municipal Printing Office, 1894",
                     *       "notes": "A transcript; the original volume is at the Boston City Archives.",
                     *       "abbreviation": "Boston Births 1850",
                     *       "recorded_events": [
                     *         {
                     *           "events": "BIRT",
                     *           "date": "FROM 1850 TO 1850",
                     *           "place": "Boston, Suffolk, Massachusetts"
                     *         }
                     *       ],
                     *       "agency": "City of Boston, Registry Department",
                     *       "data_notes": "Entries for 1850 are missing from March to May.",
                     *       "repositories": [
                     *         {
                     *           "repository_id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f",
                     *           "call_number": "Vol. 37, film 0457220"
                     *         }
                     *       ],
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SourceRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCitations: {
        parameters: {
            query?: {
                /**
                 * @description At most this many items (1 to 1000) in one page, with the next page's cursor in the X-Next-Cursor header and a Link rel="next" header. Absent: every item in one answer.
                 * @example 100
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Citations by id. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-7a80-7b9c-8dae-1f2a3b4c5d01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "source_id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c01",
                     *         "person_id": null,
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *         "name_id": null,
                     *         "relationship_id": null,
                     *         "page": "p. 48, entry 317",
                     *         "detail": "Mary Ann, daughter of William and Eliza Smith, born 12 March 1850, Salem Street.",
                     *         "entry_date": "",
                     *         "notes": "",
                     *         "confidence": 3,
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CitationRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createCitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "source_id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c01",
                 *       "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                 *       "page": "p. 48, entry 317",
                 *       "detail": "Mary Ann, daughter of William and Eliza Smith, born 12 March 1850, Salem Street.",
                 *       "confidence": 3
                 *     }
                 */
                "application/json": components["schemas"]["CitationCreate"];
            };
        };
        responses: {
            /** @description The citation. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-7a80-7b9c-8dae-1f2a3b4c5d01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "source_id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c01",
                     *       "person_id": null,
                     *       "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *       "name_id": null,
                     *       "relationship_id": null,
                     *       "page": "p. 48, entry 317",
                     *       "detail": "Mary Ann, daughter of William and Eliza Smith, born 12 March 1850, Salem Street.",
                     *       "entry_date": "",
                     *       "notes": "",
                     *       "confidence": 3,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CitationRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The citation's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The citation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-7a80-7b9c-8dae-1f2a3b4c5d01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "source_id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c01",
                     *       "person_id": null,
                     *       "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *       "name_id": null,
                     *       "relationship_id": null,
                     *       "page": "p. 48, entry 317",
                     *       "detail": "Mary Ann, daughter of William and Eliza Smith, born 12 March 1850, Salem Street.",
                     *       "entry_date": "",
                     *       "notes": "",
                     *       "confidence": 3,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CitationRead"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteCitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The citation's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateCitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The citation's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "page": "p. 48, entry 317",
                 *       "detail": "Mary Ann, daughter of William and Eliza Smith, born 12 March 1850, Salem Street.",
                 *       "entry_date": "",
                 *       "notes": "",
                 *       "confidence": 3
                 *     }
                 */
                "application/json": components["schemas"]["CitationUpdate"];
            };
        };
        responses: {
            /** @description The citation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-7a80-7b9c-8dae-1f2a3b4c5d01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "source_id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c01",
                     *       "person_id": null,
                     *       "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *       "name_id": null,
                     *       "relationship_id": null,
                     *       "page": "p. 48, entry 317",
                     *       "detail": "Mary Ann, daughter of William and Eliza Smith, born 12 March 1850, Salem Street.",
                     *       "entry_date": "",
                     *       "notes": "",
                     *       "confidence": 3,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CitationRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listRepositories: {
        parameters: {
            query?: {
                /**
                 * @description At most this many items (1 to 1000) in one page, with the next page's cursor in the X-Next-Cursor header and a Link rel="next" header. Absent: every item in one answer.
                 * @example 100
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Repositories by id. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "name": "Boston City Archives",
                     *         "address": "201 Rivermoor Street\nWest Roxbury, MA 02132",
                     *         "notes": "Research room by appointment.",
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["RepositoryRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createRepository: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Boston City Archives",
                 *       "address": "201 Rivermoor Street\nWest Roxbury, MA 02132",
                 *       "notes": "Research room by appointment."
                 *     }
                 */
                "application/json": components["schemas"]["RepositoryCreate"];
            };
        };
        responses: {
            /** @description The repository. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "name": "Boston City Archives",
                     *       "address": "201 Rivermoor Street\nWest Roxbury, MA 02132",
                     *       "notes": "Research room by appointment.",
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RepositoryRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRepository: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The repository's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The repository. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "name": "Boston City Archives",
                     *       "address": "201 Rivermoor Street\nWest Roxbury, MA 02132",
                     *       "notes": "Research room by appointment.",
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RepositoryRead"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteRepository: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The repository's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateRepository: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The repository's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Boston City Archives",
                 *       "address": "201 Rivermoor Street\nWest Roxbury, MA 02132",
                 *       "notes": "Research room by appointment."
                 *     }
                 */
                "application/json": components["schemas"]["RepositoryUpdate"];
            };
        };
        responses: {
            /** @description The repository. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "name": "Boston City Archives",
                     *       "address": "201 Rivermoor Street\nWest Roxbury, MA 02132",
                     *       "notes": "Research room by appointment.",
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RepositoryRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listMedia: {
        parameters: {
            query?: {
                /**
                 * @description At most this many items (1 to 1000) in one page, with the next page's cursor in the X-Next-Cursor header and a Link rel="next" header. Absent: every item in one answer.
                 * @example 100
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
                /** @description `true`: list the soft-deleted records still recoverable (until the purge) instead of the live ones (members only). */
                deleted?: "true" | "false";
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Media by id. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "title": "Mary Ann Smith, studio portrait, about 1870",
                     *         "file_name": "mary-ann-smith-1870.jpg",
                     *         "content_type": "image/jpeg",
                     *         "size": 482113,
                     *         "checksum": "6210a06a067fabc2b1484d31f0324d521534c6b3b7df352d1fd7db71dfb12b4d",
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "event_id": null,
                     *         "source_id": null,
                     *         "url": "https://genealogy.example.org/api/v1/media/01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01/content",
                     *         "file_uploaded": true,
                     *         "file_path": "",
                     *         "form": "",
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z",
                     *         "deleted_at": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["MediaRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    uploadMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Mary Ann Smith, studio portrait, about 1870",
                 *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01"
                 *     }
                 */
                "multipart/form-data": components["schemas"]["MediaUpload"];
            };
        };
        responses: {
            /** @description The media item. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "title": "Mary Ann Smith, studio portrait, about 1870",
                     *       "file_name": "mary-ann-smith-1870.jpg",
                     *       "content_type": "image/jpeg",
                     *       "size": 482113,
                     *       "checksum": "6210a06a067fabc2b1484d31f0324d521534c6b3b7df352d1fd7db71dfb12b4d",
                     *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "event_id": null,
                     *       "source_id": null,
                     *       "url": "https://genealogy.example.org/api/v1/media/01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01/content",
                     *       "file_uploaded": true,
                     *       "file_path": "",
                     *       "form": "",
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "deleted_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["MediaRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    uploadMediaFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The media record's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "multipart/form-data": components["schemas"]["MediaFile"];
            };
        };
        responses: {
            /** @description The media item, with its file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "title": "Mary Ann Smith, studio portrait, about 1870",
                     *       "file_name": "mary-ann-smith-1870.jpg",
                     *       "content_type": "image/jpeg",
                     *       "size": 482113,
                     *       "checksum": "6210a06a067fabc2b1484d31f0324d521534c6b3b7df352d1fd7db71dfb12b4d",
                     *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "event_id": null,
                     *       "source_id": null,
                     *       "url": "https://genealogy.example.org/api/v1/media/01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01/content",
                     *       "file_uploaded": true,
                     *       "file_path": "",
                     *       "form": "",
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "deleted_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["MediaRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The media record's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The media item. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "title": "Mary Ann Smith, studio portrait, about 1870",
                     *       "file_name": "mary-ann-smith-1870.jpg",
                     *       "content_type": "image/jpeg",
                     *       "size": 482113,
                     *       "checksum": "6210a06a067fabc2b1484d31f0324d521534c6b3b7df352d1fd7db71dfb12b4d",
                     *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "event_id": null,
                     *       "source_id": null,
                     *       "url": "https://genealogy.example.org/api/v1/media/01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01/content",
                     *       "file_uploaded": true,
                     *       "file_path": "",
                     *       "form": "",
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "deleted_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["MediaRead"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The media record's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The media record's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Mary Ann Smith, studio portrait, about 1870",
                 *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01"
                 *     }
                 */
                "application/json": components["schemas"]["MediaUpdate"];
            };
        };
        responses: {
            /** @description The media item. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "title": "Mary Ann Smith, studio portrait, about 1870",
                     *       "file_name": "mary-ann-smith-1870.jpg",
                     *       "content_type": "image/jpeg",
                     *       "size": 482113,
                     *       "checksum": "6210a06a067fabc2b1484d31f0324d521534c6b3b7df352d1fd7db71dfb12b4d",
                     *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "event_id": null,
                     *       "source_id": null,
                     *       "url": "https://genealogy.example.org/api/v1/media/01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01/content",
                     *       "file_uploaded": true,
                     *       "file_path": "",
                     *       "form": "",
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "deleted_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["MediaRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The media record's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The media item. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "title": "Mary Ann Smith, studio portrait, about 1870",
                     *       "file_name": "mary-ann-smith-1870.jpg",
                     *       "content_type": "image/jpeg",
                     *       "size": 482113,
                     *       "checksum": "6210a06a067fabc2b1484d31f0324d521534c6b3b7df352d1fd7db71dfb12b4d",
                     *       "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "event_id": null,
                     *       "source_id": null,
                     *       "url": "https://genealogy.example.org/api/v1/media/01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01/content",
                     *       "file_uploaded": true,
                     *       "file_path": "",
                     *       "form": "",
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "deleted_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["MediaRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMediaContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The media record's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bytes, with the type the service read from them at upload (`Content-Type`: image/jpeg, application/pdf, ...; 206 with `Range`, 304 on a matching `If-None-Match`). */
            200: {
                headers: {
                    ETag?: string;
                    "Content-Range"?: string;
                    "Accept-Ranges"?: string;
                    "Cache-Control"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description The one range asked for. */
            206: {
                headers: {
                    ETag?: string;
                    "Content-Range"?: string;
                    "Accept-Ranges"?: string;
                    "Cache-Control"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Not modified: `If-None-Match` matched the ETag. */
            304: {
                headers: {
                    ETag?: string;
                    "Content-Range"?: string;
                    "Accept-Ranges"?: string;
                    "Cache-Control"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Range Not Satisfiable */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Service Unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    previewGedcom: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "multipart/form-data": components["schemas"]["GedcomPreviewUpload"];
            };
        };
        responses: {
            /** @description The matches, unmapped tags and warnings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "counts": {
                     *         "persons": 5,
                     *         "families": 2,
                     *         "sources": 1
                     *       },
                     *       "matches": [
                     *         {
                     *           "xref": "@I1@",
                     *           "display_name": "Mary Ann Smith",
                     *           "birth_year": 1850,
                     *           "candidates": [
                     *             {
                     *               "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *               "display_name": "Mary Ann Smith",
                     *               "birth_year": 1850,
                     *               "score": "high",
                     *               "similarity": 1,
                     *               "reasons": [
                     *                 "the same name (Mary Ann Smith)",
                     *                 "born in 1850 on both sides",
                     *                 "born in Boston on both sides"
                     *               ]
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "unmapped_tags": [
                     *         {
                     *           "tag": "INDI._FSFTID",
                     *           "count": 5,
                     *           "first_line": 14,
                     *           "kept_lines": 5
                     *         }
                     *       ],
                     *       "warnings": [
                     *         {
                     *           "line": 1843,
                     *           "message": "the file ends without TRLR"
                     *         }
                     *       ],
                     *       "warning_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["GedcomPreview"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importGedcom: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "default_action": "new",
                 *       "resolutions": "{\"@I1@\":{\"action\":\"merge\",\"target_id\":\"01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01\"}}"
                 *     }
                 */
                "multipart/form-data": components["schemas"]["GedcomImportUpload"];
            };
        };
        responses: {
            /** @description The mapping report: counts per kind, unmapped tags, warnings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "import_id": "01936b20-2b3c-7d4e-9f5a-6b7c8d9e0f01",
                     *       "persons": {
                     *         "created": 4,
                     *         "merged": 1,
                     *         "skipped": 0,
                     *         "overwritten": 0
                     *       },
                     *       "names": {
                     *         "created": 5,
                     *         "skipped": 1
                     *       },
                     *       "events": {
                     *         "created": 9,
                     *         "skipped": 1
                     *       },
                     *       "relationships": {
                     *         "created": 5,
                     *         "skipped": 0
                     *       },
                     *       "sources": {
                     *         "created": 1,
                     *         "reused": 0
                     *       },
                     *       "repositories": {
                     *         "created": 1,
                     *         "reused": 0
                     *       },
                     *       "citations": {
                     *         "created": 6,
                     *         "skipped": 0
                     *       },
                     *       "places": {
                     *         "created": 2,
                     *         "reused": 1
                     *       },
                     *       "media": {
                     *         "created": 0,
                     *         "skipped": 0
                     *       },
                     *       "unmapped_tags": [
                     *         {
                     *           "tag": "INDI._FSFTID",
                     *           "count": 5,
                     *           "first_line": 14,
                     *           "kept_lines": 5
                     *         }
                     *       ],
                     *       "warnings": [
                     *         {
                     *           "line": 1843,
                     *           "message": "the file ends without TRLR"
                     *         }
                     *       ],
                     *       "warning_count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["GedcomImportReport"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportGedcom: {
        parameters: {
            query?: {
                /** @description The GEDCOM version to write: `5.5.1` (the default) or `7.0`. */
                version?: "5.5.1" | "7.0";
                /** @description `true`, with `version=7.0` only: a GEDZIP (application/zip) holding gedcom.ged and the media files it names (a 422 with 5.5.1). */
                media?: "true" | "false";
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The GEDCOM file: 5.5.1 as application/x-gedcom, 7.0 as text/vnd.familysearch.gedcom (both UTF-8), a GEDZIP as application/zip. */
            200: {
                headers: {
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example 0 HEAD
                     *     1 SOUR GenealogyService
                     *     2 VERS 0.1.0
                     *     2 NAME GenealogyService
                     *     2 DATA Smith and Brown Family
                     *     1 DATE 23 NOV 2026
                     *     2 TIME 09:30:00
                     *     1 SUBM @U1@
                     *     1 GEDC
                     *     2 VERS 5.5.1
                     *     2 FORM LINEAGE-LINKED
                     *     1 CHAR UTF-8
                     *     0 @U1@ SUBM
                     *     1 NAME GenealogyService
                     *     0 @I1@ INDI
                     *     1 NAME Mary Ann /Smith/
                     *     2 GIVN Mary Ann
                     *     2 SURN Smith
                     *     1 SEX F
                     *     1 BIRT
                     *     2 DATE 12 MAR 1850
                     *     2 PLAC Boston, Suffolk, Massachusetts, USA
                     *     0 TRLR
                     */
                    "application/x-gedcom": string;
                    /**
                     * @example 0 HEAD
                     *     1 GEDC
                     *     2 VERS 7.0
                     *     1 SOUR GenealogyService
                     *     2 VERS 0.1.0
                     *     2 NAME GenealogyService
                     *     2 DATA Smith and Brown Family
                     *     1 DATE 23 NOV 2026
                     *     2 TIME 09:30:00Z
                     *     0 @I1@ INDI
                     *     1 NAME Mary Ann /Smith/
                     *     2 GIVN Mary Ann
                     *     2 SURN Smith
                     *     1 SEX F
                     *     1 BIRT
                     *     2 DATE 12 MAR 1850
                     *     2 PLAC Boston, Suffolk, Massachusetts, USA
                     *     0 TRLR
                     */
                    "text/vnd.familysearch.gedcom": string;
                    "application/zip": string;
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cleanupDeceasedByBirthYear: {
        parameters: {
            query?: {
                /**
                 * @description The cutoff year: people whose latest known birth year is at most this (1 to 9999); 1930 when absent.
                 * @example 1930
                 */
                born_on_or_before?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The people to mark deceased, by display name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d04",
                     *         "display_name": "William Smith",
                     *         "reason": "born 1822, on or before 1930, with no death fact",
                     *         "birth_year": 1822,
                     *         "is_living": null,
                     *         "proposed": {
                     *           "is_living": false
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CleanupDeceasedByBirthYearRow"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cleanupDeceasedByChild: {
        parameters: {
            query: {
                /**
                 * @description The cutoff year: parents of a child born in this year or before (1 to 9999).
                 * @example 1930
                 */
                born_on_or_before: number;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The parents to mark deceased, by display name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d04",
                     *         "display_name": "William Smith",
                     *         "reason": "has a child born 1850, on or before 1930",
                     *         "child_birth_year": 1850,
                     *         "child_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "proposed": {
                     *           "is_living": false
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CleanupDeceasedByChildRow"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cleanupApplyDeceased: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "person_ids": [
                 *         "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d04"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CleanupDeceasedApply"];
            };
        };
        responses: {
            /** @description How many were changed, and who was skipped and why. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "updated": 1,
                     *       "skipped": [
                     *         {
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05",
                     *           "reason": "deleted"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CleanupApplyResult"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cleanupSexFromGedcom: {
        parameters: {
            query?: {
                /** @description `true` also lists the people left out as ambiguous, with `proposed: null` and the reason. */
                include_ambiguous?: "true" | "false";
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "multipart/form-data": components["schemas"]["CleanupGedcomUpload"];
            };
        };
        responses: {
            /** @description The proposals, by display name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "display_name": "Mary Ann Smith",
                     *         "reason": "@I1@ has SEX F",
                     *         "sex": null,
                     *         "proposed": "female",
                     *         "matched_xref": "@I1@"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CleanupSexFromGedcomRow"][];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cleanupSexFromFirstName: {
        parameters: {
            query?: {
                /** @description `true` also lists the people left out as ambiguous, with `proposed: null` and the reason. */
                include_ambiguous?: "true" | "false";
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proposals, by display name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "display_name": "Mary Ann Smith",
                     *         "reason": "Mary is a female given name",
                     *         "sex": null,
                     *         "proposed": "female",
                     *         "first_name": "Mary"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CleanupSexFromFirstNameRow"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cleanupSexFromSpouse: {
        parameters: {
            query?: {
                /** @description `true` also lists the people left out as ambiguous, with `proposed: null` and the reason. */
                include_ambiguous?: "true" | "false";
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proposals, by display name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "display_name": "Mary Ann Smith",
                     *         "reason": "partner is male",
                     *         "sex": null,
                     *         "proposed": "female",
                     *         "partner_ids": [
                     *           "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d02"
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CleanupSexFromSpouseRow"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cleanupApplyGender: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "changes": [
                 *         {
                 *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                 *           "sex": "female"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CleanupGenderApply"];
            };
        };
        responses: {
            /** @description How many were changed, and who was skipped and why. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "updated": 1,
                     *       "skipped": [
                     *         {
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05",
                     *           "reason": "deleted"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CleanupApplyResult"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cleanupBrokenNames: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The flagged names, by display name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03",
                     *         "display_name": "Eliza Jane Brown 1874",
                     *         "reason": "a date in the surname",
                     *         "flags": [
                     *           "date_in_surname"
                     *         ],
                     *         "given_name": "Eliza Jane",
                     *         "surname": "Brown 1874",
                     *         "proposed": {
                     *           "given_name": "Eliza Jane",
                     *           "surname": "Brown"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CleanupBrokenNameRow"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cleanupApplyNames: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "changes": [
                 *         {
                 *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03",
                 *           "given_name": "Eliza Jane",
                 *           "surname": "Brown"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CleanupNamesApply"];
            };
        };
        responses: {
            /** @description How many were changed, and who was skipped and why. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "updated": 1,
                     *       "skipped": [
                     *         {
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05",
                     *           "reason": "deleted"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CleanupApplyResult"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listProposals: {
        parameters: {
            query?: {
                /**
                 * @description At most this many items (1 to 1000) in one page, with the next page's cursor in the X-Next-Cursor header and a Link rel="next" header. Absent: every item in one answer.
                 * @example 100
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
                /**
                 * @description Only the proposals in this state.
                 * @example pending
                 */
                status?: "pending" | "applied" | "rejected";
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Proposals. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b20-1a2b-7c3d-8e4f-5a6b7c8d9e01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "status": "pending",
                     *         "origin": "contributor",
                     *         "summary": "Cite the 1872 Boston marriage register for Mary Ann Smith and John Henry Brown's marriage.",
                     *         "operations": [
                     *           {
                     *             "op": "create",
                     *             "entity": "source",
                     *             "ref": "s1",
                     *             "data": {
                     *               "title": "Boston Marriages, 1872",
                     *               "author": "City of Boston, Registry Department"
                     *             }
                     *           },
                     *           {
                     *             "op": "create",
                     *             "entity": "citation",
                     *             "data": {
                     *               "source_id": "$s1",
                     *               "relationship_id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b02",
                     *               "page": "p. 112, no. 1431",
                     *               "confidence": 3
                     *             }
                     *           }
                     *         ],
                     *         "proposer_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e02",
                     *         "reviewer_id": null,
                     *         "apply_error": null,
                     *         "applied_count": 0,
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "decided_at": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ProposalRead"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "operations": [
                 *         {
                 *           "op": "create",
                 *           "entity": "source",
                 *           "ref": "s1",
                 *           "data": {
                 *             "title": "Boston Marriages, 1872",
                 *             "author": "City of Boston, Registry Department"
                 *           }
                 *         },
                 *         {
                 *           "op": "create",
                 *           "entity": "citation",
                 *           "data": {
                 *             "source_id": "$s1",
                 *             "relationship_id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b02",
                 *             "page": "p. 112, no. 1431",
                 *             "confidence": 3
                 *           }
                 *         }
                 *       ],
                 *       "summary": "Cite the 1872 Boston marriage register for Mary Ann Smith and John Henry Brown's marriage."
                 *     }
                 */
                "application/json": components["schemas"]["ProposalCreate"];
            };
        };
        responses: {
            /** @description The pending proposal. */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b20-1a2b-7c3d-8e4f-5a6b7c8d9e01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "status": "pending",
                     *       "origin": "contributor",
                     *       "summary": "Cite the 1872 Boston marriage register for Mary Ann Smith and John Henry Brown's marriage.",
                     *       "operations": [
                     *         {
                     *           "op": "create",
                     *           "entity": "source",
                     *           "ref": "s1",
                     *           "data": {
                     *             "title": "Boston Marriages, 1872",
                     *             "author": "City of Boston, Registry Department"
                     *           }
                     *         },
                     *         {
                     *           "op": "create",
                     *           "entity": "citation",
                     *           "data": {
                     *             "source_id": "$s1",
                     *             "relationship_id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b02",
                     *             "page": "p. 112, no. 1431",
                     *             "confidence": 3
                     *           }
                     *         }
                     *       ],
                     *       "proposer_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e02",
                     *       "reviewer_id": null,
                     *       "apply_error": null,
                     *       "applied_count": 0,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "decided_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["ProposalRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The proposal's id (a proposal of this tree).
                 * @example 01936b20-1a2b-7c3d-8e4f-5a6b7c8d9e01
                 */
                pid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proposal and its diff. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b20-1a2b-7c3d-8e4f-5a6b7c8d9e01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "status": "pending",
                     *       "origin": "contributor",
                     *       "summary": "Cite the 1872 Boston marriage register for Mary Ann Smith and John Henry Brown's marriage.",
                     *       "operations": [
                     *         {
                     *           "op": "create",
                     *           "entity": "source",
                     *           "ref": "s1",
                     *           "data": {
                     *             "title": "Boston Marriages, 1872",
                     *             "author": "City of Boston, Registry Department"
                     *           }
                     *         },
                     *         {
                     *           "op": "create",
                     *           "entity": "citation",
                     *           "data": {
                     *             "source_id": "$s1",
                     *             "relationship_id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b02",
                     *             "page": "p. 112, no. 1431",
                     *             "confidence": 3
                     *           }
                     *         }
                     *       ],
                     *       "proposer_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e02",
                     *       "reviewer_id": null,
                     *       "apply_error": null,
                     *       "applied_count": 0,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "decided_at": null,
                     *       "diff": [
                     *         {
                     *           "index": 0,
                     *           "before": null,
                     *           "after": {
                     *             "title": "Boston Marriages, 1872",
                     *             "author": "City of Boston, Registry Department"
                     *           }
                     *         },
                     *         {
                     *           "index": 1,
                     *           "before": null,
                     *           "after": {
                     *             "source_id": "$s1",
                     *             "relationship_id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b02",
                     *             "page": "p. 112, no. 1431",
                     *             "confidence": 3
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ProposalDetail"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The proposal's id (a proposal of this tree).
                 * @example 01936b20-1a2b-7c3d-8e4f-5a6b7c8d9e01
                 */
                pid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Status 412 */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    applyProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The proposal's id (a proposal of this tree).
                 * @example 01936b20-1a2b-7c3d-8e4f-5a6b7c8d9e01
                 */
                pid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "operations": [
                 *         {
                 *           "op": "create",
                 *           "entity": "source",
                 *           "ref": "s1",
                 *           "data": {
                 *             "title": "Boston Marriages, 1872",
                 *             "author": "City of Boston, Registry Department"
                 *           }
                 *         },
                 *         {
                 *           "op": "create",
                 *           "entity": "citation",
                 *           "data": {
                 *             "source_id": "$s1",
                 *             "relationship_id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b02",
                 *             "page": "p. 112, no. 1431",
                 *             "confidence": 3
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ProposalApply"];
            };
        };
        responses: {
            /** @description The proposal: applied, or pending with apply_error. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b20-1a2b-7c3d-8e4f-5a6b7c8d9e01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "status": "applied",
                     *       "origin": "contributor",
                     *       "summary": "Cite the 1872 Boston marriage register for Mary Ann Smith and John Henry Brown's marriage.",
                     *       "operations": [
                     *         {
                     *           "op": "create",
                     *           "entity": "source",
                     *           "ref": "s1",
                     *           "data": {
                     *             "title": "Boston Marriages, 1872",
                     *             "author": "City of Boston, Registry Department"
                     *           }
                     *         },
                     *         {
                     *           "op": "create",
                     *           "entity": "citation",
                     *           "data": {
                     *             "source_id": "$s1",
                     *             "relationship_id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b02",
                     *             "page": "p. 112, no. 1431",
                     *             "confidence": 3
                     *           }
                     *         }
                     *       ],
                     *       "proposer_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e02",
                     *       "reviewer_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *       "apply_error": null,
                     *       "applied_count": 2,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "decided_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ProposalRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rejectProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The proposal's id (a proposal of this tree).
                 * @example 01936b20-1a2b-7c3d-8e4f-5a6b7c8d9e01
                 */
                pid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rejected proposal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b20-1a2b-7c3d-8e4f-5a6b7c8d9e01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "status": "rejected",
                     *       "origin": "contributor",
                     *       "summary": "Cite the 1872 Boston marriage register for Mary Ann Smith and John Henry Brown's marriage.",
                     *       "operations": [
                     *         {
                     *           "op": "create",
                     *           "entity": "source",
                     *           "ref": "s1",
                     *           "data": {
                     *             "title": "Boston Marriages, 1872",
                     *             "author": "City of Boston, Registry Department"
                     *           }
                     *         },
                     *         {
                     *           "op": "create",
                     *           "entity": "citation",
                     *           "data": {
                     *             "source_id": "$s1",
                     *             "relationship_id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b02",
                     *             "page": "p. 112, no. 1431",
                     *             "confidence": 3
                     *           }
                     *         }
                     *       ],
                     *       "proposer_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e02",
                     *       "reviewer_id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *       "apply_error": null,
                     *       "applied_count": 0,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "decided_at": "2026-11-23T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ProposalRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    askAssistant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "messages": [
                 *         {
                 *           "role": "user",
                 *           "content": "When was Mary Ann Smith born, and do we have a source for it?"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AssistantRequest"];
            };
        };
        responses: {
            /** @description The reply and the proposals it made. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "reply": "Mary Ann Smith was born on 12 March 1850 in Boston, as \"Boston Births, 1850\" (p. 48) records. I proposed citing the 1872 marriage register for her marriage to John Henry Brown: it waits for your review.",
                     *       "proposal_ids": [
                     *         "01936b20-1a2b-7c3d-8e4f-5a6b7c8d9e01"
                     *       ],
                     *       "provider": "openai",
                     *       "model": "gpt-4o-mini"
                     *     }
                     */
                    "application/json": components["schemas"]["AssistantReply"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Bad Gateway */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Gateway Timeout */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listRecommendations: {
        parameters: {
            query: {
                /**
                 * @description The person to find candidates for.
                 * @example 01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01
                 */
                person_id: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recommendations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "kind": "possible_duplicate",
                     *         "person_ids": [
                     *           "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05"
                     *         ],
                     *         "score": 0.875,
                     *         "reasons": [
                     *           "the same name (Mary Ann Smith)",
                     *           "born in 1850 on both sides",
                     *           "born in Boston on both sides"
                     *         ],
                     *         "operations": [
                     *           {
                     *             "op": "merge",
                     *             "entity": "person",
                     *             "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "data": {
                     *               "other_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05"
                     *             }
                     *           }
                     *         ],
                     *         "rationale": "Both records name Mary Ann Smith, born in 1850 in Boston: very likely one woman entered twice."
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Recommendation"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    findRelationship: {
        parameters: {
            query: {
                /**
                 * @description The person to start from: the answer says what `to` is to this person.
                 * @example 01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03
                 */
                from: string;
                /**
                 * @description The person whose kinship to `from` is asked.
                 * @example 01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d04
                 */
                to: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The relationship. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "relationship": "grandfather",
                     *       "path": [
                     *         {
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03",
                     *           "step": null
                     *         },
                     *         {
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "step": "parent"
                     *         },
                     *         {
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d04",
                     *           "step": "parent"
                     *         }
                     *       ],
                     *       "common_ancestor_ids": [
                     *         "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d04"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["KinshipRead"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDuplicates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pairs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "person_ids": [
                     *           "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05"
                     *         ],
                     *         "score": "high",
                     *         "reasons": [
                     *           "the same name (Mary Ann Smith)",
                     *           "born in 1850 on both sides",
                     *           "born in Boston on both sides"
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["DuplicatePair"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    dismissDuplicate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "person_ids": [
                 *         "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                 *         "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["DuplicateDismiss"];
            };
        };
        responses: {
            /** @description Dismissed (also when it already was). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    previewMerge: {
        parameters: {
            query: {
                /**
                 * @description The other person, who would be merged into this one.
                 * @example 01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05
                 */
                other_id: string;
            };
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The merge plan. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "person": {
                     *         "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "display_name": "Mary Ann Smith",
                     *         "given_name": "Mary Ann",
                     *         "surname": "Smith",
                     *         "sex": "female",
                     *         "is_living": false,
                     *         "privacy": "default",
                     *         "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *         "identifiers": [
                     *           {
                     *             "kind": "refn",
                     *             "value": "SB-0017",
                     *             "type": "Smith family register"
                     *           }
                     *         ],
                     *         "birth": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1850,
                     *             "month": 3,
                     *             "day": 12
                     *           },
                     *           "date_display": "12 MAR 1850",
                     *           "place": "Boston, Suffolk, Massachusetts, USA"
                     *         },
                     *         "death": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1921,
                     *             "month": 1,
                     *             "day": 3
                     *           },
                     *           "date_display": "3 JAN 1921",
                     *           "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *         },
                     *         "redacted": false,
                     *         "merged_into": null,
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z",
                     *         "names": [
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "birth",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Smith",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": true,
                     *             "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *           },
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "married",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Brown",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": false,
                     *             "notes": "Used after her marriage to John Henry Brown in 1872."
                     *           }
                     *         ]
                     *       },
                     *       "other": {
                     *         "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "display_name": "Mary Ann Smith",
                     *         "given_name": "Mary Ann",
                     *         "surname": "Smith",
                     *         "sex": null,
                     *         "is_living": null,
                     *         "privacy": "default",
                     *         "notes": "",
                     *         "identifiers": [],
                     *         "birth": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f05",
                     *           "date": {
                     *             "qualifier": "about",
                     *             "year": 1850
                     *           },
                     *           "date_display": "ABT 1850",
                     *           "place": "Boston, Suffolk, Massachusetts, USA"
                     *         },
                     *         "death": null,
                     *         "redacted": false,
                     *         "merged_into": null,
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z"
                     *       },
                     *       "names": {
                     *         "moved": [],
                     *         "duplicates": [
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e05",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05",
                     *             "name_type": "birth",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Smith",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": true,
                     *             "notes": ""
                     *           }
                     *         ]
                     *       },
                     *       "events": {
                     *         "moved": [
                     *           {
                     *             "id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f05",
                     *             "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *             "type": "birth",
                     *             "custom_type": null,
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "partnership_id": null,
                     *             "date": {
                     *               "qualifier": "about",
                     *               "year": 1850
                     *             },
                     *             "date_display": "ABT 1850",
                     *             "place_id": "01936b1f-4d50-7e6f-9a7b-8c9d0e1f2a01",
                     *             "place": "Boston, Suffolk, Massachusetts, USA",
                     *             "place_latitude": 42.3601,
                     *             "place_longitude": -71.0589,
                     *             "notes": "From the 1850 census: age 3/12.",
                     *             "detail": "",
                     *             "cause": "",
                     *             "temple": null,
                     *             "ordinance_status": null
                     *           }
                     *         ],
                     *         "duplicates": []
                     *       },
                     *       "relationships": {
                     *         "moved": [],
                     *         "dropped": [
                     *           {
                     *             "relationship": {
                     *               "id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b05",
                     *               "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *               "type": "parent_child",
                     *               "person_a_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d04",
                     *               "person_b_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05",
                     *               "qualifier": "biological",
                     *               "role": null,
                     *               "notes": ""
                     *             },
                     *             "reason": "duplicate"
                     *           }
                     *         ],
                     *         "conflicts": []
                     *       },
                     *       "citations": 1,
                     *       "media": 0,
                     *       "fills": {},
                     *       "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903."
                     *     }
                     */
                    "application/json": components["schemas"]["MergePreview"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    mergePersons: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "other_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05"
                 *     }
                 */
                "application/json": components["schemas"]["MergeRequest"];
            };
        };
        responses: {
            /** @description The kept person. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "display_name": "Mary Ann Smith",
                     *       "given_name": "Mary Ann",
                     *       "surname": "Smith",
                     *       "sex": "female",
                     *       "is_living": false,
                     *       "privacy": "default",
                     *       "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *       "identifiers": [
                     *         {
                     *           "kind": "refn",
                     *           "value": "SB-0017",
                     *           "type": "Smith family register"
                     *         }
                     *       ],
                     *       "birth": {
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1850,
                     *           "month": 3,
                     *           "day": 12
                     *         },
                     *         "date_display": "12 MAR 1850",
                     *         "place": "Boston, Suffolk, Massachusetts, USA"
                     *       },
                     *       "death": {
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1921,
                     *           "month": 1,
                     *           "day": 3
                     *         },
                     *         "date_display": "3 JAN 1921",
                     *         "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *       },
                     *       "redacted": false,
                     *       "merged_into": null,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "names": [
                     *         {
                     *           "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "name_type": "birth",
                     *           "given_name": "Mary Ann",
                     *           "surname": "Smith",
                     *           "prefix": "",
                     *           "suffix": "",
                     *           "surname_prefix": "",
                     *           "is_primary": true,
                     *           "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *         },
                     *         {
                     *           "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "name_type": "married",
                     *           "given_name": "Mary Ann",
                     *           "surname": "Brown",
                     *           "prefix": "",
                     *           "suffix": "",
                     *           "surname_prefix": "",
                     *           "is_primary": false,
                     *           "notes": "Used after her marriage to John Henry Brown in 1872."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PersonRead"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPedigree: {
        parameters: {
            query?: {
                /**
                 * @description How many generations, counting the person (1: the person alone): 1 to 10, 4 when absent.
                 * @example 4
                 */
                generations?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chart: the root node. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "person": {
                     *         "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "display_name": "Mary Ann Smith",
                     *         "given_name": "Mary Ann",
                     *         "surname": "Smith",
                     *         "sex": "female",
                     *         "is_living": false,
                     *         "privacy": "default",
                     *         "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *         "identifiers": [
                     *           {
                     *             "kind": "refn",
                     *             "value": "SB-0017",
                     *             "type": "Smith family register"
                     *           }
                     *         ],
                     *         "birth": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1850,
                     *             "month": 3,
                     *             "day": 12
                     *           },
                     *           "date_display": "12 MAR 1850",
                     *           "place": "Boston, Suffolk, Massachusetts, USA"
                     *         },
                     *         "death": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1921,
                     *             "month": 1,
                     *             "day": 3
                     *           },
                     *           "date_display": "3 JAN 1921",
                     *           "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *         },
                     *         "redacted": false,
                     *         "merged_into": null,
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z",
                     *         "names": [
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "birth",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Smith",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": true,
                     *             "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *           },
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "married",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Brown",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": false,
                     *             "notes": "Used after her marriage to John Henry Brown in 1872."
                     *           }
                     *         ]
                     *       },
                     *       "ref": false,
                     *       "parents": [
                     *         {
                     *           "person": {
                     *             "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d04",
                     *             "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *             "display_name": "William Smith",
                     *             "given_name": "William",
                     *             "surname": "Smith",
                     *             "sex": "male",
                     *             "is_living": null,
                     *             "privacy": "default",
                     *             "notes": "Cordwainer, of Salem Street, Boston.",
                     *             "identifiers": [],
                     *             "birth": {
                     *               "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f04",
                     *               "date": {
                     *                 "qualifier": "about",
                     *                 "year": 1822
                     *               },
                     *               "date_display": "ABT 1822",
                     *               "place": "Salem, Essex, Massachusetts, USA"
                     *             },
                     *             "death": null,
                     *             "redacted": false,
                     *             "merged_into": null,
                     *             "created_at": "2026-11-23T09:30:00.000Z",
                     *             "updated_at": "2026-11-23T09:30:00.000Z"
                     *           },
                     *           "ref": false,
                     *           "parents": []
                     *         }
                     *       ],
                     *       "truncated": false
                     *     }
                     */
                    "application/json": components["schemas"]["PedigreeNode"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publicPedigree: {
        parameters: {
            query?: {
                /**
                 * @description How many generations, counting the person (1: the person alone): 1 to 10, 4 when absent.
                 * @example 4
                 */
                generations?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The person's id (on a public tree).
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chart: the root node. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "person": {
                     *         "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "display_name": "Mary Ann Smith",
                     *         "given_name": "Mary Ann",
                     *         "surname": "Smith",
                     *         "sex": "female",
                     *         "is_living": false,
                     *         "privacy": "default",
                     *         "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *         "identifiers": [
                     *           {
                     *             "kind": "refn",
                     *             "value": "SB-0017",
                     *             "type": "Smith family register"
                     *           }
                     *         ],
                     *         "birth": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1850,
                     *             "month": 3,
                     *             "day": 12
                     *           },
                     *           "date_display": "12 MAR 1850",
                     *           "place": "Boston, Suffolk, Massachusetts, USA"
                     *         },
                     *         "death": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1921,
                     *             "month": 1,
                     *             "day": 3
                     *           },
                     *           "date_display": "3 JAN 1921",
                     *           "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *         },
                     *         "redacted": false,
                     *         "merged_into": null,
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z",
                     *         "names": [
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "birth",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Smith",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": true,
                     *             "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *           },
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "married",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Brown",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": false,
                     *             "notes": "Used after her marriage to John Henry Brown in 1872."
                     *           }
                     *         ]
                     *       },
                     *       "ref": false,
                     *       "parents": [
                     *         {
                     *           "person": {
                     *             "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d04",
                     *             "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *             "display_name": "William Smith",
                     *             "given_name": "William",
                     *             "surname": "Smith",
                     *             "sex": "male",
                     *             "is_living": null,
                     *             "privacy": "default",
                     *             "notes": "Cordwainer, of Salem Street, Boston.",
                     *             "identifiers": [],
                     *             "birth": {
                     *               "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f04",
                     *               "date": {
                     *                 "qualifier": "about",
                     *                 "year": 1822
                     *               },
                     *               "date_display": "ABT 1822",
                     *               "place": "Salem, Essex, Massachusetts, USA"
                     *             },
                     *             "death": null,
                     *             "redacted": false,
                     *             "merged_into": null,
                     *             "created_at": "2026-11-23T09:30:00.000Z",
                     *             "updated_at": "2026-11-23T09:30:00.000Z"
                     *           },
                     *           "ref": false,
                     *           "parents": []
                     *         }
                     *       ],
                     *       "truncated": false
                     *     }
                     */
                    "application/json": components["schemas"]["PedigreeNode"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDescendants: {
        parameters: {
            query?: {
                /**
                 * @description How many generations, counting the person (1: the person alone): 1 to 10, 4 when absent.
                 * @example 4
                 */
                generations?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chart: the root node. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "person": {
                     *         "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "display_name": "Mary Ann Smith",
                     *         "given_name": "Mary Ann",
                     *         "surname": "Smith",
                     *         "sex": "female",
                     *         "is_living": false,
                     *         "privacy": "default",
                     *         "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *         "identifiers": [
                     *           {
                     *             "kind": "refn",
                     *             "value": "SB-0017",
                     *             "type": "Smith family register"
                     *           }
                     *         ],
                     *         "birth": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1850,
                     *             "month": 3,
                     *             "day": 12
                     *           },
                     *           "date_display": "12 MAR 1850",
                     *           "place": "Boston, Suffolk, Massachusetts, USA"
                     *         },
                     *         "death": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1921,
                     *             "month": 1,
                     *             "day": 3
                     *           },
                     *           "date_display": "3 JAN 1921",
                     *           "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *         },
                     *         "redacted": false,
                     *         "merged_into": null,
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z",
                     *         "names": [
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "birth",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Smith",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": true,
                     *             "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *           },
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "married",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Brown",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": false,
                     *             "notes": "Used after her marriage to John Henry Brown in 1872."
                     *           }
                     *         ]
                     *       },
                     *       "ref": false,
                     *       "children": [
                     *         {
                     *           "person": {
                     *             "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03",
                     *             "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *             "display_name": "Eliza Jane Brown",
                     *             "given_name": "Eliza Jane",
                     *             "surname": "Brown",
                     *             "sex": "female",
                     *             "is_living": false,
                     *             "privacy": "default",
                     *             "notes": "",
                     *             "identifiers": [],
                     *             "birth": {
                     *               "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f03",
                     *               "date": {
                     *                 "qualifier": "exact",
                     *                 "year": 1874,
                     *                 "month": 6,
                     *                 "day": 5
                     *               },
                     *               "date_display": "5 JUN 1874",
                     *               "place": "Boston, Suffolk, Massachusetts, USA"
                     *             },
                     *             "death": null,
                     *             "redacted": false,
                     *             "merged_into": null,
                     *             "created_at": "2026-11-23T09:30:00.000Z",
                     *             "updated_at": "2026-11-23T09:30:00.000Z"
                     *           },
                     *           "ref": false,
                     *           "children": []
                     *         }
                     *       ],
                     *       "truncated": false
                     *     }
                     */
                    "application/json": components["schemas"]["DescendantNode"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publicDescendants: {
        parameters: {
            query?: {
                /**
                 * @description How many generations, counting the person (1: the person alone): 1 to 10, 4 when absent.
                 * @example 4
                 */
                generations?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The person's id (on a public tree).
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chart: the root node. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "person": {
                     *         "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "display_name": "Mary Ann Smith",
                     *         "given_name": "Mary Ann",
                     *         "surname": "Smith",
                     *         "sex": "female",
                     *         "is_living": false,
                     *         "privacy": "default",
                     *         "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *         "identifiers": [
                     *           {
                     *             "kind": "refn",
                     *             "value": "SB-0017",
                     *             "type": "Smith family register"
                     *           }
                     *         ],
                     *         "birth": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1850,
                     *             "month": 3,
                     *             "day": 12
                     *           },
                     *           "date_display": "12 MAR 1850",
                     *           "place": "Boston, Suffolk, Massachusetts, USA"
                     *         },
                     *         "death": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1921,
                     *             "month": 1,
                     *             "day": 3
                     *           },
                     *           "date_display": "3 JAN 1921",
                     *           "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *         },
                     *         "redacted": false,
                     *         "merged_into": null,
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z",
                     *         "names": [
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "birth",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Smith",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": true,
                     *             "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *           },
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "married",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Brown",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": false,
                     *             "notes": "Used after her marriage to John Henry Brown in 1872."
                     *           }
                     *         ]
                     *       },
                     *       "ref": false,
                     *       "children": [
                     *         {
                     *           "person": {
                     *             "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03",
                     *             "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *             "display_name": "Eliza Jane Brown",
                     *             "given_name": "Eliza Jane",
                     *             "surname": "Brown",
                     *             "sex": "female",
                     *             "is_living": false,
                     *             "privacy": "default",
                     *             "notes": "",
                     *             "identifiers": [],
                     *             "birth": {
                     *               "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f03",
                     *               "date": {
                     *                 "qualifier": "exact",
                     *                 "year": 1874,
                     *                 "month": 6,
                     *                 "day": 5
                     *               },
                     *               "date_display": "5 JUN 1874",
                     *               "place": "Boston, Suffolk, Massachusetts, USA"
                     *             },
                     *             "death": null,
                     *             "redacted": false,
                     *             "merged_into": null,
                     *             "created_at": "2026-11-23T09:30:00.000Z",
                     *             "updated_at": "2026-11-23T09:30:00.000Z"
                     *           },
                     *           "ref": false,
                     *           "children": []
                     *         }
                     *       ],
                     *       "truncated": false
                     *     }
                     */
                    "application/json": components["schemas"]["DescendantNode"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listImports: {
        parameters: {
            query?: {
                /** @description Imports per page, 1 to 1000; 1000 when absent. The next page's cursor comes in X-Next-Cursor and Link. */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Imports, newest first. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "import_id": "01936b20-2b3c-7d4e-9f5a-6b7c8d9e0f01",
                     *         "file_name": "smith-brown-family.ged",
                     *         "at": "2026-11-23T09:30:00.000Z",
                     *         "actor": {
                     *           "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *           "display": "helen.brown@example.org"
                     *         },
                     *         "counts": {
                     *           "persons": {
                     *             "created": 4,
                     *             "merged": 1,
                     *             "skipped": 0,
                     *             "overwritten": 0
                     *           },
                     *           "names": {
                     *             "created": 5,
                     *             "skipped": 1
                     *           },
                     *           "events": {
                     *             "created": 9,
                     *             "skipped": 1
                     *           },
                     *           "relationships": {
                     *             "created": 5,
                     *             "skipped": 0
                     *           },
                     *           "sources": {
                     *             "created": 1,
                     *             "reused": 0
                     *           },
                     *           "repositories": {
                     *             "created": 1,
                     *             "reused": 0
                     *           },
                     *           "citations": {
                     *             "created": 6,
                     *             "skipped": 0
                     *           },
                     *           "places": {
                     *             "created": 2,
                     *             "reused": 1
                     *           },
                     *           "media": {
                     *             "created": 0,
                     *             "skipped": 0
                     *           }
                     *         },
                     *         "undone_at": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["GedcomImport"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    undoImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The import's id, as the import report or the tree's import list gives it.
                 * @example 01936b20-2b3c-7d4e-9f5a-6b7c8d9e0f01
                 */
                import_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "force": false
                 *     }
                 */
                "application/json": components["schemas"]["HistoryRestore"];
            };
        };
        responses: {
            /** @description What the undo did. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "import_id": "01936b20-2b3c-7d4e-9f5a-6b7c8d9e0f01",
                     *       "deleted": {
                     *         "person": 4,
                     *         "name": 5,
                     *         "event": 9,
                     *         "relationship": 5,
                     *         "source": 1,
                     *         "citation": 6,
                     *         "media": 0
                     *       },
                     *       "reverted": 1,
                     *       "left": [
                     *         {
                     *           "type": "person",
                     *           "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GedcomImportUndone"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPersonHistory: {
        parameters: {
            query?: {
                /**
                 * @description Changes per page, 1 to 1000; 50 when absent. The next page's cursor comes in the X-Next-Cursor header and a Link rel="next" header.
                 * @example 50
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Changes, newest first. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "change_id": "00000000-0000-4000-8000-0000000004d2",
                     *         "at": "2026-11-23T09:30:00.000Z",
                     *         "actor": {
                     *           "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *           "display": "helen.brown@example.org"
                     *         },
                     *         "action": "update",
                     *         "origin": "api",
                     *         "record": {
                     *           "type": "person",
                     *           "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01"
                     *         },
                     *         "changes": [
                     *           {
                     *             "field": "is_living",
                     *             "before": null,
                     *             "after": false
                     *           },
                     *           {
                     *             "field": "notes",
                     *             "before": "",
                     *             "after": "Kept a boarding house on Salem Street after John Henry's death in 1903."
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["HistoryEntry"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restorePersonChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The change's id, as the record's history gives it (`change_id`).
                 * @example 00000000-0000-4000-8000-0000000004d2
                 */
                change_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "force": false
                 *     }
                 */
                "application/json": components["schemas"]["HistoryRestore"];
            };
        };
        responses: {
            /** @description The change the restore wrote. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "change_id": "00000000-0000-4000-8000-0000000004d3",
                     *       "at": "2026-11-23T09:30:00.000Z",
                     *       "actor": {
                     *         "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *         "display": "helen.brown@example.org"
                     *       },
                     *       "action": "update",
                     *       "origin": "restore",
                     *       "record": {
                     *         "type": "person",
                     *         "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01"
                     *       },
                     *       "changes": [
                     *         {
                     *           "field": "is_living",
                     *           "before": false,
                     *           "after": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HistoryEntry"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEventHistory: {
        parameters: {
            query?: {
                /**
                 * @description Changes per page, 1 to 1000; 50 when absent. The next page's cursor comes in the X-Next-Cursor header and a Link rel="next" header.
                 * @example 50
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The event's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Changes, newest first. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "change_id": "00000000-0000-4000-8000-0000000004d2",
                     *         "at": "2026-11-23T09:30:00.000Z",
                     *         "actor": {
                     *           "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *           "display": "helen.brown@example.org"
                     *         },
                     *         "action": "update",
                     *         "origin": "api",
                     *         "record": {
                     *           "type": "event",
                     *           "id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01"
                     *         },
                     *         "changes": [
                     *           {
                     *             "field": "date",
                     *             "before": {
                     *               "qualifier": "about",
                     *               "year": 1850
                     *             },
                     *             "after": {
                     *               "qualifier": "exact",
                     *               "year": 1850,
                     *               "month": 3,
                     *               "day": 12
                     *             }
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["HistoryEntry"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreEventChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The event's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The change's id, as the record's history gives it (`change_id`).
                 * @example 00000000-0000-4000-8000-0000000004d2
                 */
                change_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "force": false
                 *     }
                 */
                "application/json": components["schemas"]["HistoryRestore"];
            };
        };
        responses: {
            /** @description The change the restore wrote. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "change_id": "00000000-0000-4000-8000-0000000004d3",
                     *       "at": "2026-11-23T09:30:00.000Z",
                     *       "actor": {
                     *         "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *         "display": "helen.brown@example.org"
                     *       },
                     *       "action": "update",
                     *       "origin": "restore",
                     *       "record": {
                     *         "type": "event",
                     *         "id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01"
                     *       },
                     *       "changes": [
                     *         {
                     *           "field": "date",
                     *           "before": {
                     *             "qualifier": "exact",
                     *             "year": 1850,
                     *             "month": 3,
                     *             "day": 12
                     *           },
                     *           "after": {
                     *             "qualifier": "about",
                     *             "year": 1850
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HistoryEntry"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRelationshipHistory: {
        parameters: {
            query?: {
                /**
                 * @description Changes per page, 1 to 1000; 50 when absent. The next page's cursor comes in the X-Next-Cursor header and a Link rel="next" header.
                 * @example 50
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The relationship's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Changes, newest first. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "change_id": "00000000-0000-4000-8000-0000000004d2",
                     *         "at": "2026-11-23T09:30:00.000Z",
                     *         "actor": {
                     *           "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *           "display": "helen.brown@example.org"
                     *         },
                     *         "action": "update",
                     *         "origin": "api",
                     *         "record": {
                     *           "type": "relationship",
                     *           "id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b01"
                     *         },
                     *         "changes": [
                     *           {
                     *             "field": "qualifier",
                     *             "before": "adoptive",
                     *             "after": "biological"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["HistoryEntry"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreRelationshipChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The relationship's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The change's id, as the record's history gives it (`change_id`).
                 * @example 00000000-0000-4000-8000-0000000004d2
                 */
                change_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "force": false
                 *     }
                 */
                "application/json": components["schemas"]["HistoryRestore"];
            };
        };
        responses: {
            /** @description The change the restore wrote. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "change_id": "00000000-0000-4000-8000-0000000004d3",
                     *       "at": "2026-11-23T09:30:00.000Z",
                     *       "actor": {
                     *         "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *         "display": "helen.brown@example.org"
                     *       },
                     *       "action": "update",
                     *       "origin": "restore",
                     *       "record": {
                     *         "type": "relationship",
                     *         "id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b01"
                     *       },
                     *       "changes": [
                     *         {
                     *           "field": "qualifier",
                     *           "before": "biological",
                     *           "after": "adoptive"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HistoryEntry"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSourceHistory: {
        parameters: {
            query?: {
                /**
                 * @description Changes per page, 1 to 1000; 50 when absent. The next page's cursor comes in the X-Next-Cursor header and a Link rel="next" header.
                 * @example 50
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The source's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Changes, newest first. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "change_id": "00000000-0000-4000-8000-0000000004d2",
                     *         "at": "2026-11-23T09:30:00.000Z",
                     *         "actor": {
                     *           "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *           "display": "helen.brown@example.org"
                     *         },
                     *         "action": "update",
                     *         "origin": "api",
                     *         "record": {
                     *           "type": "source",
                     *           "id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c01"
                     *         },
                     *         "changes": [
                     *           {
                     *             "field": "title",
                     *             "before": "Boston births 1850",
                     *             "after": "Boston Births, 1850"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["HistoryEntry"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreSourceChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The source's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The change's id, as the record's history gives it (`change_id`).
                 * @example 00000000-0000-4000-8000-0000000004d2
                 */
                change_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "force": false
                 *     }
                 */
                "application/json": components["schemas"]["HistoryRestore"];
            };
        };
        responses: {
            /** @description The change the restore wrote. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "change_id": "00000000-0000-4000-8000-0000000004d3",
                     *       "at": "2026-11-23T09:30:00.000Z",
                     *       "actor": {
                     *         "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *         "display": "helen.brown@example.org"
                     *       },
                     *       "action": "update",
                     *       "origin": "restore",
                     *       "record": {
                     *         "type": "source",
                     *         "id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c01"
                     *       },
                     *       "changes": [
                     *         {
                     *           "field": "title",
                     *           "before": "Boston Births, 1850",
                     *           "after": "Boston births 1850"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HistoryEntry"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCitationHistory: {
        parameters: {
            query?: {
                /**
                 * @description Changes per page, 1 to 1000; 50 when absent. The next page's cursor comes in the X-Next-Cursor header and a Link rel="next" header.
                 * @example 50
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The citation's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Changes, newest first. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "change_id": "00000000-0000-4000-8000-0000000004d2",
                     *         "at": "2026-11-23T09:30:00.000Z",
                     *         "actor": {
                     *           "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *           "display": "helen.brown@example.org"
                     *         },
                     *         "action": "update",
                     *         "origin": "api",
                     *         "record": {
                     *           "type": "citation",
                     *           "id": "01936b1f-7a80-7b9c-8dae-1f2a3b4c5d01"
                     *         },
                     *         "changes": [
                     *           {
                     *             "field": "page",
                     *             "before": "p. 84",
                     *             "after": "p. 48, entry 317"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["HistoryEntry"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreCitationChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The citation's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The change's id, as the record's history gives it (`change_id`).
                 * @example 00000000-0000-4000-8000-0000000004d2
                 */
                change_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "force": false
                 *     }
                 */
                "application/json": components["schemas"]["HistoryRestore"];
            };
        };
        responses: {
            /** @description The change the restore wrote. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "change_id": "00000000-0000-4000-8000-0000000004d3",
                     *       "at": "2026-11-23T09:30:00.000Z",
                     *       "actor": {
                     *         "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *         "display": "helen.brown@example.org"
                     *       },
                     *       "action": "update",
                     *       "origin": "restore",
                     *       "record": {
                     *         "type": "citation",
                     *         "id": "01936b1f-7a80-7b9c-8dae-1f2a3b4c5d01"
                     *       },
                     *       "changes": [
                     *         {
                     *           "field": "page",
                     *           "before": "p. 48, entry 317",
                     *           "after": "p. 84"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HistoryEntry"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMediaHistory: {
        parameters: {
            query?: {
                /**
                 * @description Changes per page, 1 to 1000; 50 when absent. The next page's cursor comes in the X-Next-Cursor header and a Link rel="next" header.
                 * @example 50
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The media record's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Changes, newest first. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "change_id": "00000000-0000-4000-8000-0000000004d2",
                     *         "at": "2026-11-23T09:30:00.000Z",
                     *         "actor": {
                     *           "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *           "display": "helen.brown@example.org"
                     *         },
                     *         "action": "update",
                     *         "origin": "api",
                     *         "record": {
                     *           "type": "media",
                     *           "id": "01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01"
                     *         },
                     *         "changes": [
                     *           {
                     *             "field": "title",
                     *             "before": "",
                     *             "after": "Mary Ann Smith, studio portrait, about 1870"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["HistoryEntry"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreMediaChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The media record's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The change's id, as the record's history gives it (`change_id`).
                 * @example 00000000-0000-4000-8000-0000000004d2
                 */
                change_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "force": false
                 *     }
                 */
                "application/json": components["schemas"]["HistoryRestore"];
            };
        };
        responses: {
            /** @description The change the restore wrote. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "change_id": "00000000-0000-4000-8000-0000000004d3",
                     *       "at": "2026-11-23T09:30:00.000Z",
                     *       "actor": {
                     *         "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *         "display": "helen.brown@example.org"
                     *       },
                     *       "action": "update",
                     *       "origin": "restore",
                     *       "record": {
                     *         "type": "media",
                     *         "id": "01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01"
                     *       },
                     *       "changes": [
                     *         {
                     *           "field": "title",
                     *           "before": "Mary Ann Smith, studio portrait, about 1870",
                     *           "after": ""
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HistoryEntry"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRepositoryHistory: {
        parameters: {
            query?: {
                /**
                 * @description Changes per page, 1 to 1000; 50 when absent. The next page's cursor comes in the X-Next-Cursor header and a Link rel="next" header.
                 * @example 50
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The repository's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Changes, newest first. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "change_id": "00000000-0000-4000-8000-0000000004d2",
                     *         "at": "2026-11-23T09:30:00.000Z",
                     *         "actor": {
                     *           "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *           "display": "helen.brown@example.org"
                     *         },
                     *         "action": "update",
                     *         "origin": "api",
                     *         "record": {
                     *           "type": "repository",
                     *           "id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f"
                     *         },
                     *         "changes": [
                     *           {
                     *             "field": "name",
                     *             "before": "Boston Archives",
                     *             "after": "Boston City Archives"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["HistoryEntry"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreRepositoryChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The repository's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
                /**
                 * @description The change's id, as the record's history gives it (`change_id`).
                 * @example 00000000-0000-4000-8000-0000000004d2
                 */
                change_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "force": false
                 *     }
                 */
                "application/json": components["schemas"]["HistoryRestore"];
            };
        };
        responses: {
            /** @description The change the restore wrote. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "change_id": "00000000-0000-4000-8000-0000000004d3",
                     *       "at": "2026-11-23T09:30:00.000Z",
                     *       "actor": {
                     *         "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *         "display": "helen.brown@example.org"
                     *       },
                     *       "action": "update",
                     *       "origin": "restore",
                     *       "record": {
                     *         "type": "repository",
                     *         "id": "01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f"
                     *       },
                     *       "changes": [
                     *         {
                     *           "field": "name",
                     *           "before": "Boston City Archives",
                     *           "after": "Boston Archives"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["HistoryEntry"];
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTreeChanges: {
        parameters: {
            query?: {
                /**
                 * @description Changes per page, 1 to 1000; 50 when absent. The next page's cursor comes in the X-Next-Cursor header and a Link rel="next" header.
                 * @example 50
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
                /**
                 * @description Only the changes written at or after this instant (ISO 8601; a date alone is its midnight UTC).
                 * @example 2026-11-01T00:00:00Z
                 */
                since?: string;
                /**
                 * @description Only the changes this user wrote (a user id).
                 * @example 01936b1d-9e00-7c12-8f45-6a7b8c9d0e01
                 */
                actor?: string;
                /** @description Only the changes of this kind of record. */
                kind?: "person" | "name" | "event" | "relationship" | "source" | "citation" | "media" | "repository";
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id.
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Changes, newest first. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "change_id": "00000000-0000-4000-8000-0000000004d2",
                     *         "at": "2026-11-23T09:30:00.000Z",
                     *         "actor": {
                     *           "id": "01936b1d-9e00-7c12-8f45-6a7b8c9d0e01",
                     *           "display": "helen.brown@example.org"
                     *         },
                     *         "action": "update",
                     *         "origin": "api",
                     *         "record": {
                     *           "type": "person",
                     *           "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01"
                     *         },
                     *         "changes": [
                     *           {
                     *             "field": "is_living",
                     *             "before": null,
                     *             "after": false
                     *           },
                     *           {
                     *             "field": "notes",
                     *             "before": "",
                     *             "after": "Kept a boarding house on Salem Street after John Henry's death in 1903."
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["HistoryEntry"][];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publicDirectory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Trees by id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "name": "Smith and Brown Family",
                     *         "description": "Descendants of William Smith of Boston, and of Mary Ann Smith and John Henry Brown, married there in 1872.",
                     *         "visibility": "public"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["PublicTreeRead"][];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publicTree: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tree's id (on a public tree).
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tree. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "name": "Smith and Brown Family",
                     *       "description": "Descendants of William Smith of Boston, and of Mary Ann Smith and John Henry Brown, married there in 1872.",
                     *       "visibility": "public"
                     *     }
                     */
                    "application/json": components["schemas"]["PublicTreeRead"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publicPersons: {
        parameters: {
            query?: {
                /**
                 * @description At most this many items (1 to 1000) in one page, with the next page's cursor in X-Next-Cursor and Link. Absent: every person, streamed; with `q`, 20.
                 * @example 20
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
                /**
                 * @description A fuzzy name search, typo tolerant, over fully visible persons only: best match first.
                 * @example Mary Smyth
                 */
                q?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id (on a public tree).
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Persons. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "display_name": "Mary Ann Smith",
                     *         "given_name": "Mary Ann",
                     *         "surname": "Smith",
                     *         "sex": "female",
                     *         "is_living": false,
                     *         "privacy": "default",
                     *         "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *         "identifiers": [
                     *           {
                     *             "kind": "refn",
                     *             "value": "SB-0017",
                     *             "type": "Smith family register"
                     *           }
                     *         ],
                     *         "birth": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1850,
                     *             "month": 3,
                     *             "day": 12
                     *           },
                     *           "date_display": "12 MAR 1850",
                     *           "place": "Boston, Suffolk, Massachusetts, USA"
                     *         },
                     *         "death": {
                     *           "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *           "date": {
                     *             "qualifier": "exact",
                     *             "year": 1921,
                     *             "month": 1,
                     *             "day": 3
                     *           },
                     *           "date_display": "3 JAN 1921",
                     *           "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *         },
                     *         "redacted": false,
                     *         "merged_into": null,
                     *         "created_at": "2026-11-23T09:30:00.000Z",
                     *         "updated_at": "2026-11-23T09:30:00.000Z",
                     *         "names": [
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "birth",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Smith",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": true,
                     *             "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *           },
                     *           {
                     *             "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *             "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *             "name_type": "married",
                     *             "given_name": "Mary Ann",
                     *             "surname": "Brown",
                     *             "prefix": "",
                     *             "suffix": "",
                     *             "surname_prefix": "",
                     *             "is_primary": false,
                     *             "notes": "Used after her marriage to John Henry Brown in 1872."
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["PersonRead"][];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publicRelationships: {
        parameters: {
            query?: {
                /**
                 * @description At most this many items (1 to 1000) in one page, with the next page's cursor in the X-Next-Cursor header and a Link rel="next" header. Absent: every item in one answer.
                 * @example 100
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id (on a public tree).
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Relationships. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "type": "parent_child",
                     *         "person_a_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "person_b_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03",
                     *         "qualifier": "biological",
                     *         "role": null,
                     *         "notes": "Eliza is named as \"my daughter\" in Mary Ann's will of 1919."
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["RelationshipRead"][];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publicEvents: {
        parameters: {
            query?: {
                /**
                 * @description At most this many items (1 to 1000) in one page, with the next page's cursor in the X-Next-Cursor header and a Link rel="next" header. Absent: every item in one answer.
                 * @example 100
                 */
                limit?: number;
                /** @description The opaque cursor of the next page, from the previous page's X-Next-Cursor header (or its Link); send the same `limit`. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The tree's id (on a public tree).
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events. */
            200: {
                headers: {
                    "X-Next-Cursor"?: string;
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "type": "birth",
                     *         "custom_type": null,
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "partnership_id": null,
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1850,
                     *           "month": 3,
                     *           "day": 12
                     *         },
                     *         "date_display": "12 MAR 1850",
                     *         "place_id": "01936b1f-4d50-7e6f-9a7b-8c9d0e1f2a01",
                     *         "place": "Boston, Suffolk, Massachusetts, USA",
                     *         "place_latitude": 42.3601,
                     *         "place_longitude": -71.0589,
                     *         "notes": "Birth registered by her father, William Smith, cordwainer.",
                     *         "detail": "",
                     *         "cause": "",
                     *         "temple": null,
                     *         "ordinance_status": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["EventRead"][];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Content */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publicPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id (on a public tree).
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *       "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *       "display_name": "Mary Ann Smith",
                     *       "given_name": "Mary Ann",
                     *       "surname": "Smith",
                     *       "sex": "female",
                     *       "is_living": false,
                     *       "privacy": "default",
                     *       "notes": "Kept a boarding house on Salem Street after John Henry's death in 1903.",
                     *       "identifiers": [
                     *         {
                     *           "kind": "refn",
                     *           "value": "SB-0017",
                     *           "type": "Smith family register"
                     *         }
                     *       ],
                     *       "birth": {
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1850,
                     *           "month": 3,
                     *           "day": 12
                     *         },
                     *         "date_display": "12 MAR 1850",
                     *         "place": "Boston, Suffolk, Massachusetts, USA"
                     *       },
                     *       "death": {
                     *         "event_id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02",
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1921,
                     *           "month": 1,
                     *           "day": 3
                     *         },
                     *         "date_display": "3 JAN 1921",
                     *         "place": "Cambridge, Middlesex, Massachusetts, USA"
                     *       },
                     *       "redacted": false,
                     *       "merged_into": null,
                     *       "created_at": "2026-11-23T09:30:00.000Z",
                     *       "updated_at": "2026-11-23T09:30:00.000Z",
                     *       "names": [
                     *         {
                     *           "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "name_type": "birth",
                     *           "given_name": "Mary Ann",
                     *           "surname": "Smith",
                     *           "prefix": "",
                     *           "suffix": "",
                     *           "surname_prefix": "",
                     *           "is_primary": true,
                     *           "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *         },
                     *         {
                     *           "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02",
                     *           "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *           "name_type": "married",
                     *           "given_name": "Mary Ann",
                     *           "surname": "Brown",
                     *           "prefix": "",
                     *           "suffix": "",
                     *           "surname_prefix": "",
                     *           "is_primary": false,
                     *           "notes": "Used after her marriage to John Henry Brown in 1872."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PersonRead"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publicPersonNames: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id (on a public tree).
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Names. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01",
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "name_type": "birth",
                     *         "given_name": "Mary Ann",
                     *         "surname": "Smith",
                     *         "prefix": "Dr.",
                     *         "suffix": "Jr.",
                     *         "surname_prefix": "van",
                     *         "is_primary": true,
                     *         "notes": "Spelled \"Marey Ann\" in the 1850 birth register."
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["NameRead"][];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publicPersonEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The person's id (on a public tree).
                 * @example 6f1c2a3e-8b4d-4c1e-9a7f-2d3b4c5e6f70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01",
                     *         "tree_id": "01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01",
                     *         "type": "birth",
                     *         "custom_type": null,
                     *         "person_id": "01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01",
                     *         "partnership_id": null,
                     *         "date": {
                     *           "qualifier": "exact",
                     *           "year": 1850,
                     *           "month": 3,
                     *           "day": 12
                     *         },
                     *         "date_display": "12 MAR 1850",
                     *         "place_id": "01936b1f-4d50-7e6f-9a7b-8c9d0e1f2a01",
                     *         "place": "Boston, Suffolk, Massachusetts, USA",
                     *         "place_latitude": 42.3601,
                     *         "place_longitude": -71.0589,
                     *         "notes": "Birth registered by her father, William Smith, cordwainer.",
                     *         "detail": "",
                     *         "cause": "",
                     *         "temple": null,
                     *         "ordinance_status": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["EventRead"][];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
