"""The browser client end to end, in a real Chromium: the lobby makes tables, whole games
of both games are played to the end by clicking, a reload returns to the same seat and
state, hotseat hides every hand between players, a phone-sized screen never scrolls
sideways, and a Japanese table shows Japanese (docs/web-protocol.md; issue 14, "Browser").

Each scenario writes screenshots to tests/e2e/artifacts/."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.e2e

ENABLED_OPTION = "#decision.mine .option:not([disabled])"
#: the page is ready for a click (the seat decides, nothing in flight), or the game is
#: over, or (hotseat) the device is to be passed
READY = ("() => ['over', 'pass'].includes(document.querySelector('main').dataset.mode)"
         f" || !!document.querySelector('{ENABLED_OPTION}')")


def create_table(page, game: str, seats: list[str], **checks: bool) -> str:
    """Make a table through the lobby's form; returns its id (the page is at the table).
    ``seats``: the seat kinds' values (``human``, ``bot:greedy`` …); ``checks``: Nightfall
    checkboxes to set (``moons=False`` …)."""
    page.goto("/")
    page.wait_for_selector("#create:not([disabled])")
    page.check(f"#game-{game}")
    while page.locator(".seat-row").count() < len(seats):
        page.click("#add-seat")
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    for name, on in checks.items():
        page.set_checked(f"#{name}", on)
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+$"))
    return page.url.rsplit("/", 1)[1]


def version(page) -> int:
    return int(page.get_attribute("main", "data-v") or -1)


def click_first_option(page) -> None:
    """Take the first option of the decision on screen, and wait for the table to move on."""
    before = version(page)
    page.locator(ENABLED_OPTION).first.click()
    page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")


def play_until(page, stop, limit: int = 600) -> int:
    """Click the first option of every decision until ``stop(page)`` or the game ends;
    returns the number of clicks."""
    clicks = 0
    while clicks < limit:
        page.wait_for_function(READY, timeout=30_000)
        if page.get_attribute("main", "data-mode") in ("over", "pass") or stop(page):
            return clicks
        click_first_option(page)
        clicks += 1
    raise AssertionError(f"no end after {limit} clicks")


def hand_names(page) -> list[str]:
    """The names (Nightfall) or codes (Nightmarium) of the cards in the hand on screen."""
    return page.locator("#hand .card").evaluate_all(
        "cards => cards.map(c => (c.querySelector('.code') || c.querySelector('.name')).textContent)")


def no_sideways_scroll(page) -> None:
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page scrolls sideways: {width} px wide in a {inner} px window"


def finished(live, table_id: str) -> dict:
    info = live.get(f"/api/tables/{table_id}")
    assert info["status"] == "finished" and info["result"] is not None
    return info


def test_a_whole_nightmarium_game_against_a_bot_is_played_to_the_end_by_clicking(pages, live, shot):
    """Seed 004, rule 192: the first to complete 5 Creatures wins; the result is shown."""
    page = pages.new("desktop")
    table_id = create_table(page, "nightmarium", ["human", "bot:greedy"])
    page.wait_for_function(READY)
    shot(page, "1-nightmarium-start")
    clicks = play_until(page, lambda p: False)
    assert clicks > 5
    page.wait_for_selector("#result")
    shot(page, "1-nightmarium-end")
    info = finished(live, table_id)
    winners = [info["seats"][w]["name"] for w in info["result"]["winners"]]
    assert all(name in page.inner_text("#result") for name in winners)
    assert page.locator("#decision.mine").count() == 0
    page.goto("/")                                   # the lobby lists it among the finished
    page.wait_for_selector(f"#finished a[href='/t/{table_id}']")
    assert page.locator(f"#in-progress a[href='/t/{table_id}']").count() == 0


def test_a_whole_nightfall_game_against_the_heuristic_bot_is_played_to_the_end_by_clicking(pages, live, shot):
    """Seed 000, rules 161-164: once the last face-up wound is given, fewest wounds wins."""
    page = pages.new("desktop")
    table_id = create_table(page, "nightfall", ["human", "bot:heuristic"])
    page.wait_for_function(READY)
    shot(page, "2-nightfall-start")
    midway = {}

    def halfway(p) -> bool:
        if not midway and version(p) > 60:
            midway["v"] = version(p)
            shot(p, "2-nightfall-mid")
        return False

    play_until(page, halfway)
    page.wait_for_selector("#result")
    shot(page, "2-nightfall-end")
    info = finished(live, table_id)
    assert info["result"]["reason"] in ("fewest_wounds", "stack_exhausted")
    winners = [info["seats"][w]["name"] for w in info["result"]["winners"]]
    assert all(name in page.inner_text("#result") for name in winners)
    assert page.inner_text("#phase") == "Game over"


def test_a_reload_mid_game_returns_to_the_same_seat_and_state(pages, live, shot):
    """The seat token kept in localStorage takes the same seat after a reload; the table
    is at the same version with the same hand."""
    page = pages.new("desktop")
    table_id = create_table(page, "nightfall", ["human", "bot:heuristic"])
    play_until(page, lambda p: version(p) >= 12)
    page.wait_for_function(READY)
    before = (version(page), page.get_attribute("main", "data-seat"), hand_names(page), page.inner_text("#phase"))
    shot(page, "3-reload-before")
    page.reload()
    page.wait_for_function(READY)
    after = (version(page), page.get_attribute("main", "data-seat"), hand_names(page), page.inner_text("#phase"))
    shot(page, "3-reload-after")
    assert after == before
    assert before[1] == "0" and before[2]
    assert live.get(f"/api/tables/{table_id}")["v"] == before[0]
    click_first_option(page)          # and the seat still plays
    page.goto("/")                    # the lobby lists the table among this browser's live ones
    page.wait_for_selector(f"#in-progress a[href='/t/{table_id}']")
    # a second browser without the token only watches, and sees no hand
    other = pages.new("desktop")
    other.goto(f"/t/{table_id}")
    other.wait_for_selector("#decision")
    assert other.get_attribute("main", "data-seat") == "spectator"
    assert other.locator("#hand").count() == 0


def test_hotseat_shows_no_hand_between_players(pages, live, shot):
    """Two people at one screen (Nightmarium, rule 193: two actions a turn): between them
    the pass screen shows, and the page holds none of either player's hand."""
    page = pages.new("phone")
    create_table(page, "nightmarium", ["human", "human"])
    page.wait_for_selector("#pass")
    assert page.locator("#hand, .card").count() == 0
    shot(page, "4-hotseat-pass-first")
    seen: dict[str, list[str]] = {}
    for handover in range(4):
        page.click("#take-device")
        page.wait_for_function(READY)
        seat = page.get_attribute("main", "data-seat")
        seen[seat] = hand_names(page)
        assert seen[seat], "the seat's own hand shows once the device is taken"
        if handover == 0:
            shot(page, "4-hotseat-player-1")
        play_until(page, lambda p: p.locator("#pass").count() > 0)
        page.wait_for_selector("#pass")
        if handover == 0:
            shot(page, "4-hotseat-pass-to-2")
        html = page.content()
        assert page.locator("#hand, .card, #log").count() == 0
        for codes in seen.values():
            leaked = [code for code in codes if code in html]
            assert not leaked, f"the pass screen shows hand cards {leaked}"
        assert page.get_attribute("main", "data-mode") == "pass"
    assert set(seen) == {"0", "1"}


def test_the_phone_layout_never_scrolls_sideways(pages, live, shot):
    """390 x 844: the lobby and both tables (mid-game, with a card open) fit the width;
    the hand scrolls inside its own box."""
    page = pages.new("phone")
    page.goto("/")
    page.wait_for_selector("#create:not([disabled])")
    no_sideways_scroll(page)
    shot(page, "5-phone-lobby")
    for game, seats in (("nightfall", ["human", "bot:heuristic"]), ("nightmarium", ["human", "bot:greedy"])):
        create_table(page, game, seats)
        play_until(page, lambda p: version(p) >= 8)
        page.wait_for_function(READY)
        no_sideways_scroll(page)
        shot(page, f"5-phone-{game}")
        page.locator("#hand .card").first.click(button="right")     # the long press of a phone
        page.wait_for_selector(".reader")
        no_sideways_scroll(page)
        shot(page, f"5-phone-{game}-card")
        page.keyboard.press("Escape")
        page.wait_for_selector(".reader", state="detached")
    box = page.eval_on_selector("#hand", "h => [h.scrollWidth, h.clientWidth, getComputedStyle(h).overflowX]")
    assert box[2] == "auto"


def test_a_japanese_table_shows_japanese(pages, live, shot):
    """The language switch: the lobby's words from ja.json, and the table's game words
    (seed 002's phase names) from the server, in Japanese; and back to English."""
    from gloam.nightfall.i18n import PHASES, prompt_text

    page = pages.new("phone")
    page.goto("/")
    page.wait_for_selector("#create:not([disabled])")
    page.select_option("#lang", "ja")
    page.wait_for_selector("text=新しいテーブル")
    shot(page, "6-ja-lobby")
    create_table(page, "nightfall", ["human", "bot:heuristic"])
    play_until(page, lambda p: version(p) >= 4)
    page.wait_for_function(READY)
    assert page.inner_text("#phase") in {names["ja"] for names in PHASES.values()}
    assert page.inner_text("#log h2") == "ログ"
    assert "あなたの選択" in page.inner_text("#decision")
    room = live.app.state.rooms.rooms[page.url.rsplit("/", 1)[1]]
    assert page.inner_text("#decision .prompt") == prompt_text(room.state.prompt(), "ja")    # the prompt too
    assert page.evaluate("document.documentElement.lang") == "ja"
    shot(page, "6-ja-table")
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.querySelector('#log h2').textContent === 'Log'")
    page.wait_for_function("names => names.includes(document.querySelector('#phase').textContent)",
                           arg=[names["en"] for names in PHASES.values()])


def test_a_highlighted_card_is_tapped_to_take_the_option_that_names_it(pages, live, shot):
    """Nightmarium's first action (rules 193-197): a hand card that can be laid as legs is
    highlighted; tapping it takes that option and the card becomes a Creature's legs."""
    page = pages.new("desktop")
    create_table(page, "nightmarium", ["human", "bot:greedy"])
    page.wait_for_function(READY)
    card = page.locator("#hand .card.opt").first
    code = card.locator(".code").inner_text()
    before = version(page)
    card.click()
    page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}"
                           " || !!document.querySelector('.reader-options')")
    if page.locator(".reader-options").count():          # several options name it: choose one
        shot(page, "7-tap-options")
        page.locator(".reader-options .option").first.click()
        page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")
    shot(page, "7-tap-done")
    creatures = page.locator(".me .creatures").inner_text()
    assert code in creatures, f"{code} is not among the Creatures: {creatures!r}; the log: {page.inner_text('#log')!r}"
    assert code not in hand_names(page)


def test_a_bots_quick_run_stays_readable(pages, live, shot):
    """At the "normal" pace each move of someone else stays on screen for at least 0.6 s
    before the next is drawn, though the bot acts every 0.05-0.1 s; with motion allowed,
    the moves run through view transitions (and the page reports no error)."""
    page = pages.new("desktop", pace="normal", motion="no-preference")
    create_table(page, "nightfall", ["human", "bot:heuristic"])
    page.wait_for_function(READY)
    page.evaluate("""() => {
        window.__shown = [];
        new MutationObserver(() => {
            const m = document.querySelector('main');
            const v = Number(m.dataset.v);
            if (!window.__shown.length || window.__shown[window.__shown.length - 1].v !== v)
                window.__shown.push({v, t: performance.now(), deciding: m.dataset.deciding});
        }).observe(document.querySelector('main'), {attributes: true, attributeFilter: ['data-v']});
    }""")
    play_until(page, lambda p: p.evaluate("window.__shown.filter(s => s.deciding === '1').length") >= 6)
    shown = page.evaluate("window.__shown")
    shot(page, "8-paced")
    # a frame that follows one where the bot decided is the bot's move: it stays on screen
    gaps = [c["t"] - b["t"] for a, b, c in zip(shown, shown[1:], shown[2:]) if a["deciding"] == "1"]
    assert len(gaps) >= 3, shown
    assert min(gaps) >= 550, f"the bot's moves flashed by: {gaps}"


def test_the_page_reconnects_by_itself_after_a_server_restart(pages, servers, shot, tmp_path):
    """No reload during play: the server restarts (closing the socket with 1012), the page
    reconnects with backoff, takes the same seat at the same version, and plays on."""
    first = servers(tmp_path)
    port = int(first.url.rsplit(":", 1)[1])
    page = pages.new("desktop", server=first)
    table_id = create_table(page, "nightmarium", ["human", "bot:greedy"])
    play_until(page, lambda p: version(p) >= 6)
    page.wait_for_function(READY)
    before = (version(page), hand_names(page))
    page.evaluate("window.__same_page = true")
    pages.allow("ERR_CONNECTION_REFUSED")           # the page's tries while the server is down
    first.stop()
    page.wait_for_selector(".conn.closed")
    assert page.inner_text(".conn-text") == "reconnecting"                # said in words, not only by the dot
    shot(page, "9-reconnecting")
    second = servers(tmp_path, port)
    page.wait_for_selector(".conn.open", timeout=30_000)
    page.wait_for_function(READY)
    assert page.evaluate("window.__same_page === true"), "the page was reloaded"
    assert (version(page), hand_names(page)) == before
    assert page.get_attribute("main", "data-seat") == "0"
    click_first_option(page)
    assert second.get(f"/api/tables/{table_id}")["v"] >= before[0] + 1


SQUEEZED = ("() => [...document.querySelectorAll('#decision .option')]"
            ".filter(b => b.scrollHeight > b.clientHeight + 1).map(b => b.textContent)")


def test_a_long_list_of_options_never_squeezes_a_label_out_of_its_button(pages, live, shot):
    """Issue 25 §6: in a decision with more options than its scrolling box holds, every
    option keeps the height its label needs (two-line labels do not spill over their
    neighbours); the list scrolls instead. Played at 390 x 844 through a Nightfall game."""
    page = pages.new("phone")
    create_table(page, "nightfall", ["human", "bot:heuristic"])
    squeezed: list[str] = []
    longest = 0

    def look(p) -> bool:
        nonlocal longest
        longest = max(longest, p.locator("#decision .option").count())
        squeezed.extend(p.evaluate(SQUEEZED))
        return bool(squeezed) or version(p) >= 120
    play_until(page, look)
    shot(page, "10-long-options")
    assert longest >= 6, f"no long decision came up (at most {longest} options)"
    assert squeezed == [], f"labels spill out of their buttons: {squeezed[:3]}"
