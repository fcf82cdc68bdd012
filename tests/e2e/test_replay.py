"""The replay page in a real Chromium (docs/web-client.md, "The replay"): a finished
bot-vs-bot table is stepped forward, back and to a chosen step, seen from each seat and
with every card, and forked from a step into a new live table; a player of a live table
reviews their own past from the table's "Review" link (the token from localStorage, never
the URL), cannot choose another seat's view, and forks a new table from a step of their
own view while the game goes on."""

from __future__ import annotations

import json
import re
import time

import httpx
import pytest

pytestmark = pytest.mark.e2e

ENABLED_OPTION = "#decision.mine .option:not([disabled])"


def make(live, game: str, seats: list[str], setup: dict | None = None) -> dict:
    r = httpx.post(f"{live.url}/api/tables", json={"game": game, "seats": seats, "setup": setup or {}}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


def wait_finished(live, table_id: str, seconds: float = 120) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        info = live.get(f"/api/tables/{table_id}")
        if info["status"] == "finished":
            return info
        time.sleep(0.1)
    raise AssertionError(f"table {table_id} did not finish")


def at(page) -> int:
    return int(page.get_attribute("main", "data-at") or -1)


def wait_at(page, n: int, viewer: str | None = None) -> None:
    check = f"m.dataset.at === '{n}' && m.dataset.busy === ''"
    if viewer is not None:
        check += f" && m.dataset.as === '{viewer}'"
    page.wait_for_function(f"() => {{ const m = document.querySelector('main'); return {check}; }}")


@pytest.mark.slow
def test_a_finished_game_is_stepped_seen_from_each_seat_and_forked(pages, live, shot):
    made = make(live, "nightmarium", ["bot:greedy", "bot:random"])
    info = wait_finished(live, made["id"])
    page = pages.new("desktop")
    page.goto(f"/t/{made['id']}")
    page.wait_for_selector("#replay-link")
    page.click("#replay-link")
    page.wait_for_url(re.compile(rf"/t/{made['id']}/replay$"))
    wait_at(page, 0, "all")
    ply = int(page.get_attribute("main", "data-ply"))
    assert ply == info["ply"] > 10
    # every card: each seat's hand is on screen
    assert page.locator("#hand-0 .card").count() == 5 and page.locator("#hand-1 .card").count() == 5
    shot(page, "replay-1-deal")
    page.click("#forward")
    wait_at(page, 1)
    page.click("#forward")
    wait_at(page, 2)
    page.click("#back")
    wait_at(page, 1)
    page.keyboard.press("ArrowRight")
    wait_at(page, 2)
    page.keyboard.press("ArrowLeft")
    wait_at(page, 1)
    page.fill("#step-number", "10")
    page.press("#step-number", "Enter")
    wait_at(page, 10)
    assert page.inner_text("#step-of") == f"Step 10 of {ply}"
    page.eval_on_selector("#step-range", "(el) => { el.value = '7'; el.dispatchEvent(new Event('change')); }")
    wait_at(page, 7)
    step7 = page.evaluate(f"fetch('/api/tables/{made['id']}/steps?at=7&as=all').then(r => r.json())")
    assert page.locator("#log li").count() == len(step7["events"])   # the log holds the step's events
    assert page.inner_text("#step-line").startswith(f"{info['seats'][step7['who']]['name']} acted.")
    page.click("#last")
    wait_at(page, ply)
    page.wait_for_selector("#result")
    assert page.locator("#fork").count() == 0                         # nothing to play at the end
    page.click("#first")
    wait_at(page, 0)
    # seat 1's view: its own hand only
    page.select_option("#viewer", "1")
    wait_at(page, 0, "1")
    assert page.locator("#hand .card").count() == 5 and page.locator("#hand-0").count() == 0
    page.fill("#step-number", "6")
    page.press("#step-number", "Enter")
    wait_at(page, 6, "1")
    seen = page.evaluate(f"fetch('/api/tables/{made['id']}/steps?at=6&as=1').then(r => r.json())")
    assert page.locator("#hand .card").count() == len(seen["view"]["players"][1]["hand"])
    shot(page, "replay-2-seat-1")
    # fork from step 6 as seat 1 against the random bot
    page.select_option("#fork-bot", "random")
    page.click("#fork")
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+$"))
    child = page.url.rsplit("/", 1)[1]
    assert child != made["id"]
    held = page.evaluate(f"JSON.parse(localStorage.getItem('gloam.tokens.{child}'))")
    assert list(held) == ["1"]
    page.wait_for_function("() => document.querySelector('main').dataset.seat === '1'")
    page.wait_for_function(f"() => !!document.querySelector('{ENABLED_OPTION}')"
                           " || document.querySelector('main').dataset.mode === 'over'")
    status = live.get(f"/api/tables/{child}")
    assert status["status"] == "live" and status["fork"] == {"table": made["id"], "at": 6, "as": 1, "exact": False}
    assert [s["kind"] for s in status["seats"]] == ["bot", "human"] and status["seats"][0]["bot"] == "random"
    if page.locator(ENABLED_OPTION).count():
        before = int(page.get_attribute("main", "data-v"))
        page.locator(ENABLED_OPTION).first.click()                   # the fork is played live
        page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")
    shot(page, "replay-3-fork")


def test_a_player_reviews_their_own_past_of_a_live_game(pages, live, shot):
    made = make(live, "nightmarium", ["human", "bot:greedy"])
    page = pages.new("phone")
    page.goto("/")
    page.evaluate(f"localStorage.setItem('gloam.tokens.{made['id']}', {json.dumps(json.dumps(made['tokens']))})")
    page.goto(f"/t/{made['id']}")
    for _ in range(3):
        page.wait_for_selector(ENABLED_OPTION)
        before = int(page.get_attribute("main", "data-v"))
        page.locator(ENABLED_OPTION).first.click()
        page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")
    assert page.inner_text("#replay-link") == "Review earlier steps"
    page.click("#replay-link")
    page.wait_for_url(re.compile(rf"/t/{made['id']}/replay$"))
    assert made["tokens"]["0"] not in page.url
    page.wait_for_function("() => document.querySelector('main').dataset.mode === 'replay'")
    ply = int(page.get_attribute("main", "data-ply"))
    wait_at(page, ply, "0")
    assert ply >= 3
    choices = page.locator("#viewer option").evaluate_all("os => os.map(o => o.value)")
    assert choices == ["0", "spectator"]                              # no other seat, no "all" while live
    page.click("#back")
    wait_at(page, ply - 1, "0")
    assert page.locator("#hand .card").count() >= 1
    assert page.locator("#fork").count() == 1                         # a casual table: fork from your own view
    shot(page, "replay-4-review")
    page.click("#to-table")
    page.wait_for_url(re.compile(rf"/t/{made['id']}$"))
    page.wait_for_selector(ENABLED_OPTION)
    # and a fork from the live game's review, from this seat's own view, one step back
    page.click("#replay-link")
    page.wait_for_url(re.compile(rf"/t/{made['id']}/replay$"))
    page.wait_for_function("() => document.querySelector('main').dataset.mode === 'replay'")
    wait_at(page, ply, "0")
    page.click("#back")
    wait_at(page, ply - 1, "0")
    page.click("#fork")
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+$"))
    child = page.url.rsplit("/", 1)[1]
    assert child != made["id"]
    assert list(page.evaluate(f"JSON.parse(localStorage.getItem('gloam.tokens.{child}'))")) == ["0"]
    status = live.get(f"/api/tables/{child}")
    assert status["status"] == "live" and status["fork"] == {"table": made["id"], "at": ply - 1, "as": 0, "exact": False}
    assert [s["kind"] for s in status["seats"]] == ["human", "bot"]
    assert live.get(f"/api/tables/{made['id']}")["status"] == "live"    # the game forked from plays on
    page.wait_for_function("() => document.querySelector('main').dataset.seat === '0'")


@pytest.mark.slow
def test_a_nightfall_replay_shows_every_hand_and_each_seat(pages, live, shot):
    made = make(live, "nightfall", ["bot:heuristic", "bot:random"], {"archives": "draft"})
    info = wait_finished(live, made["id"])
    page = pages.new("phone")
    page.goto(f"/t/{made['id']}/replay")
    wait_at(page, 0, "all")
    # the draft, with every card: each player's draft hand
    page.click("#forward")
    wait_at(page, 1, "all")
    every = page.evaluate(f"fetch('/api/tables/{made['id']}/steps?at=1&as=all').then(r => r.json())")
    for seat in (0, 1):
        shown = page.locator(f"#draft .draft-of[data-seat='{seat}'] .hand .card").count()
        assert shown == len(every["view"]["drafts"][seat]["hand"]) > 0
    shot(page, "replay-6-nightfall-draft")
    middle = info["ply"] // 2
    page.fill("#step-number", str(middle))
    page.press("#step-number", "Enter")
    wait_at(page, middle, "all")
    every = page.evaluate(f"fetch('/api/tables/{made['id']}/steps?at={middle}&as=all').then(r => r.json())")
    for seat in (0, 1):
        assert page.locator(f"#hand-{seat} .card").count() == len(every["view"]["players"][seat]["hand"])
    shot(page, "replay-5-nightfall-all")
    page.select_option("#viewer", "0")
    wait_at(page, middle, "0")
    assert page.locator("#hand-1").count() == 0
    page.select_option("#viewer", "spectator")
    wait_at(page, middle, "spectator")
    assert page.locator("#hand").count() == 0 and page.locator("#hand-0").count() == 0
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner
