"""A database that refuses to store new tables (issue 23, section 4; docs/reliability.md,
"The database refuses writes"): a new table, a fork and a rematch are answered ``503`` with
one line, as joins and starts are, nothing is made, and the server serves on; once the
database takes writes again, so does it. The refusal is the database's own: a trigger on
the ``tables`` table raises as a full disk does (PostgreSQL's ``disk_full`` error)."""

from __future__ import annotations

import sqlite3

import httpx

from web_client import create, play_table, run_async

REFUSED = "the server cannot store new tables now; try again later"


def _refuse_new_tables(live, on: bool) -> None:
    url = live.settings.db_url
    if url.startswith("sqlite"):
        with sqlite3.connect(url.split(":///", 1)[1]) as db:
            db.execute("CREATE TRIGGER disk_full BEFORE INSERT ON tables BEGIN "
                       "SELECT RAISE(ABORT, 'database or disk is full'); END" if on else "DROP TRIGGER disk_full")
        return
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        if on:
            db.execute("CREATE FUNCTION disk_full() RETURNS trigger AS $$ BEGIN "
                       "RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; "
                       "END $$ LANGUAGE plpgsql")
            db.execute("CREATE TRIGGER disk_full BEFORE INSERT ON tables FOR EACH ROW EXECUTE FUNCTION disk_full()")
        else:
            db.execute("DROP TRIGGER disk_full ON tables")
            db.execute("DROP FUNCTION disk_full()")


def test_new_tables_forks_and_rematches_are_503_while_the_database_refuses_and_the_server_serves_on(live):
    made = create(live.url, "nightmarium", ["human", "human"])
    table, tokens = made["id"], made["tokens"]
    run_async(play_table(live.ws_url, table, tokens, spectators=0))
    seat0 = {"authorization": f"Bearer {tokens['0']}"}
    fork_body = {"at": 0, "seats": ["human", "bot:random"], "as": 0}
    listed = httpx.get(f"{live.url}/api/tables", timeout=10).json()
    _refuse_new_tables(live, True)
    try:
        answers = [httpx.post(f"{live.url}/api/tables", json={"game": "nightmarium", "seats": ["human", "open"]},
                              timeout=30),
                   httpx.post(f"{live.url}/api/tables/{table}/fork", json=fork_body, headers=seat0, timeout=30),
                   httpx.post(f"{live.url}/api/tables/{table}/rematch", headers=seat0, timeout=30)]
        for r in answers:
            assert r.status_code == 503, (r.status_code, r.text)
            assert r.json() == {"detail": REFUSED}
        assert httpx.get(f"{live.url}/api/tables", timeout=10).json() == listed       # nothing was made
        info = httpx.get(f"{live.url}/api/tables/{table}", timeout=10).json()
        assert info["status"] == "finished" and info["rematch"] is None              # no rematch half made
        assert httpx.get(f"{live.url}/healthz", timeout=10).json() == {"ok": True}
    finally:
        _refuse_new_tables(live, False)
    assert httpx.post(f"{live.url}/api/tables", json={"game": "nightmarium", "seats": ["human", "open"]},
                      timeout=30).status_code == 201
    assert httpx.post(f"{live.url}/api/tables/{table}/fork", json=fork_body, headers=seat0, timeout=30).status_code == 201
    rematch = httpx.post(f"{live.url}/api/tables/{table}/rematch", headers=seat0, timeout=30)
    assert rematch.status_code == 200 and rematch.json()["seat"] == 0
