-- The role the game servers log in as (compose.yaml's DATABASE_URL of `server`). It owns nothing and is no
-- superuser: `boroughs migrate --grant boroughs_app`, run as the tables' owner, gives it exactly what the server
-- needs (INSERT and SELECT on the event log; packages/engine/src/runtimePrivileges.ts says what and why).
-- The password is a placeholder like the owner's: in a real deployment set your own, and give the server its
-- URL through DATABASE_URL_FILE.
create role boroughs_app login password 'boroughs_app';
