"""Playing together in real Chromium contexts (issue 15): two people in different browsers
play a whole game through an invite while a third watches, and neither the watcher's nor
the opponent's page ever holds a card of the other hand; a browser that goes offline
catches up with no action doubled; an undo taken and one refused as the player sees
them; a bot taking over an absent player's seat (short absence times) and the player
taking it back. Screenshots go to tests/e2e/artifacts/."""

from __future__ import annotations

import json
import random
import re
import time

import httpx
import pytest

from gloam.core import SPECTATOR
from gloam.server.settings import Settings
from gloam.server.views import event_lines
from web_client import LiveServer as WebServer

pytestmark = pytest.mark.e2e

ENABLED_OPTION = "#decision.mine .option:not([disabled])"


def version(page) -> int:
    return int(page.get_attribute("main", "data-v") or -1)


def seat_with_tokens(context, table: str, tokens: dict[str, str]) -> None:
    """This browser holds these seats (as if it had made or joined the table)."""
    context.add_init_script(f"localStorage.setItem('gloam.tokens.{table}', {json.dumps(json.dumps(tokens))});")


def hidden_codes(room, seat: int) -> set[str]:
    """The codes of the cards in ``seat``'s hand that nobody else has ever seen (Nightmarium
    codes name one card each; a card discarded, reshuffled into the deck (rule 190) and
    drawn again was public once, and the log rightly still says so)."""
    state = room.state
    hand = {c["code"] for c in state.view(seat)["players"][seat]["hand"]}
    lines = event_lines(room.game, state, SPECTATOR, state.events_for(SPECTATOR), room.names, "en")
    public = json.dumps(state.view(SPECTATOR)) + json.dumps([line["line"] for line in lines])
    return {code for code in hand if code not in public}


def assert_no_leak(room, pages_by_seat: dict, watcher) -> int:
    """No page shows a card of another seat's hand; returns how many codes were checked."""
    checked = 0
    for seat in pages_by_seat:
        secret = hidden_codes(room, seat)
        checked += len(secret)
        others = [p for s, p in pages_by_seat.items() if s != seat] + [watcher]
        for page in others:
            html = page.content()
            leaked = sorted(code for code in secret if code in html)
            where = html[max(0, html.find(leaked[0]) - 300):html.find(leaked[0]) + 100] if leaked else ""
            assert not leaked, f"seat {seat}'s hidden cards {leaked} are in {page.url}'s DOM: …{where}…"
    return checked


def drop_sockets(live, room, seat: int) -> None:
    """Close the server's end of ``seat``'s sockets, as a lost network does (on the
    server's own loop: the room's queues are not thread-safe)."""
    loop = live.app.state.writer._task.get_loop()

    def close() -> None:
        for conn in list(room.connections):
            if conn.viewer == seat:
                conn.close(1011)
    loop.call_soon_threadsafe(close)


def test_an_old_invite_link_in_the_query_still_takes_the_seat_and_leaves_the_address_bar(pages, live):
    made = httpx.post(f"{live.url}/api/tables", json={"game": "nightmarium", "seats": ["human", "open"],
                                                      "options": {"visibility": "private"}}, timeout=30).json()
    table, code = made["id"], made["invites"]["1"].split("#invite=")[1]
    guest = pages.new("desktop")
    guest.goto(f"/t/{table}?invite={code}")
    guest.wait_for_selector("#join-name")
    assert "invite" not in guest.url                                           # out of the address bar at once
    guest.fill("#join-name", "Old link")
    guest.click("#join")
    guest.wait_for_selector("#join-name", state="detached")
    seats = httpx.get(f"{live.url}/api/tables/{table}", timeout=10).json()["seats"]
    assert [(s["kind"], s["name"]) for s in seats][1] == ("human", "Old link")


@pytest.mark.slow
def test_two_browsers_play_a_whole_game_through_an_invite_while_a_third_watches(pages, live, shot):
    host = pages.new("desktop")
    host.goto("/")
    host.wait_for_selector("#create:not([disabled])")
    host.check("#game-nightmarium")
    host.select_option("#seat-0", "human")
    host.select_option("#seat-1", "open")
    host.set_checked("#opt-public", False)
    host.click("#create")
    host.wait_for_url(re.compile(r"/t/[a-z0-9]+$"))
    table = host.url.rsplit("/", 1)[1]
    host.wait_for_selector("#waiting #invite-1")
    invite = host.input_value("#invite-1")
    assert f"/t/{table}#invite=" in invite and "?" not in invite and host.is_disabled("#start")
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    host.click("#copy-invite-1")                                              # one click copies the link
    host.wait_for_selector("#copy-invite-1:has-text('Copied')")
    assert host.evaluate("navigator.clipboard.readText()") == invite
    assert host.inner_text("#start") == "Start (waiting for 1 seat)"       # the singular, not "seat(s)"
    shot(host, "online-1-waiting")

    guest = pages.new("desktop")
    guest.goto(invite)
    guest.wait_for_function("() => !location.href.includes('invite')")       # out of the address bar at once
    guest.reload()                                                             # this tab keeps it until it is spent
    guest.fill("#join-name", "Guest")
    guest.click("#join")
    guest.wait_for_selector("#join-name", state="detached")                  # the seat is this browser's
    host.wait_for_selector("#start:not([disabled])")
    host.click("#start")
    watcher = pages.new("desktop")
    watcher.goto(f"/t/{table}")
    for page in (host, guest, watcher):
        page.wait_for_function("() => document.querySelector('main').dataset.status === 'live'")
    assert watcher.get_attribute("main", "data-seat") == "spectator"
    guest.fill("#chat-input", "good luck")
    guest.click("#chat-send")
    host.wait_for_selector("#chat .lines li:has-text('good luck')")
    assert "good luck" not in watcher.inner_text("body")                      # the players' chat is theirs

    room = live.app.state.rooms.rooms[table]
    by_seat = {0: host, 1: guest}
    checked = clicks = 0
    rng = random.Random(15)
    deadline = time.monotonic() + 400
    while not room.over:
        assert time.monotonic() < deadline, "the game did not end"
        seat = room.state.current_player()
        page = by_seat[seat]
        page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) === {room.seq}"
                               f" && !!document.querySelector('{ENABLED_OPTION}')")
        if clicks % 4 == 0:
            watcher.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) === {room.seq}")
            checked += assert_no_leak(room, by_seat, watcher)
        before = room.seq
        options = page.locator(ENABLED_OPTION)
        options.nth(rng.randrange(options.count())).click()
        page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")
        clicks += 1
        if clicks == 10:
            shot(watcher, "online-2-watcher")
            shot(guest, "online-2-guest")
            decider, other = by_seat[room.state.current_player()], by_seat[1 - room.state.current_player()]
            for each in (decider, other, watcher):
                each.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) === {room.seq}")
            assert decider.title().startswith("Your turn · gloam")               # the tab says whose turn it is
            assert not other.title().startswith("Your turn") and not watcher.title().startswith("Your turn")
    for page in (host, guest, watcher):
        page.wait_for_selector("#result")
    assert checked > 50 and clicks > 10
    assert watcher.locator("#hand .card").count() == 0
    shot(host, "online-3-over")

    host.click("#rematch:has-text('Offer a rematch')")                        # a rematch, the same two
    host.wait_for_url(lambda url: re.search(r"/t/[a-z0-9]+$", url) is not None and not url.endswith(table))
    rematch = host.url.rsplit("/", 1)[1]
    host.wait_for_selector("#wait-for:has-text('starts by itself once everyone is back')")
    assert "Guest: not back yet" in host.inner_text("#waiting")
    watcher.wait_for_selector(f"#rematch-watch[href='/t/{rematch}']")         # the old table hears of it
    guest.click("#rematch:has-text('Join the rematch')")
    guest.wait_for_url(re.compile(f"/t/{rematch}$"))
    for page in (host, guest):
        page.wait_for_function("() => document.querySelector('main').dataset.status === 'live'")
    new_room = live.app.state.rooms.rooms[rematch]
    assert new_room.table.rematch_of == table and [s.name for s in new_room.seats] == [s.name for s in room.seats]
    assert {guest.get_attribute("main", "data-seat"), host.get_attribute("main", "data-seat")} == {"0", "1"}
    shot(guest, "online-3-rematch")


def test_an_offline_browser_catches_up_with_no_action_doubled(pages, live, shot):
    made = httpx.post(f"{live.url}/api/tables", json={"game": "nightmarium", "seats": ["human", "human"]}).json()
    table = made["id"]
    pages.allow("WebSocket")
    a, b = pages.new("desktop"), pages.new("desktop")
    seat_with_tokens(a.context, table, {"0": made["tokens"]["0"]})
    seat_with_tokens(b.context, table, {"1": made["tokens"]["1"]})
    a.goto(f"/t/{table}")
    b.goto(f"/t/{table}")
    room = live.app.state.rooms.rooms[table]
    by_seat = {0: a, 1: b}
    clicks = 0

    def click(seat: int) -> None:
        nonlocal clicks
        page = by_seat[seat]
        page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) === {room.seq}"
                               f" && !!document.querySelector('{ENABLED_OPTION}')")
        page.locator(ENABLED_OPTION).first.click()
        clicks += 1

    for _ in range(4):                                   # a few moves while both are online
        seat = room.state.current_player()
        before = room.seq
        click(seat)
        by_seat[seat].wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")
    offline = 1 - room.state.current_player()            # the one waiting goes offline
    drop_sockets(live, room, offline)                     # its socket drops (Chromium's offline mode keeps
    by_seat[offline].wait_for_function(                   # an open socket), and it stays offline
        "() => document.querySelector('.conn').classList.contains('closed')", timeout=15_000, polling=20)
    by_seat[offline].context.set_offline(True)
    stale = by_seat[offline].locator("#presence.stale .stale-note")               # what it shows is as last seen
    assert stale.inner_text() == "as last seen: this page is reconnecting"
    assert by_seat[offline].locator("#presence .thinking").count() == 0
    missed = 0
    while room.state.current_player() != offline and not room.over:
        before = room.seq
        click(1 - offline)
        by_seat[1 - offline].wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")
        missed += 1
    assert missed >= 1
    shot(by_seat[offline], "online-4-offline")
    by_seat[offline].context.set_offline(False)
    by_seat[offline].wait_for_function(f"() => Number(document.querySelector('main').dataset.v) === {room.seq}",
                                       timeout=20_000)
    by_seat[offline].wait_for_selector("#presence:not(.stale)")
    before = room.seq
    click(offline)                                        # and it plays on
    by_seat[offline].wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")
    people = [e for e in room.entries if e.kind == "act" and e.by == "human"]
    assert len(people) == clicks and len({e.cid for e in people}) == clicks      # every click landed once
    shot(by_seat[offline], "online-5-caught-up")


def wait_for_my_decision(page, room, seat: int, timeout: float = 60.0) -> None:
    """Until ``seat`` decides and the page shows that very version, ready for a click."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if room.state.current_player() == seat and version(page) == room.seq \
                and page.locator(ENABLED_OPTION).count():
            return
        time.sleep(0.05)
    raise AssertionError(f"seat {seat} never got a decision to click (server at {room.seq}, page at {version(page)})")


def test_an_undo_taken_and_one_refused_as_the_player_sees_them(pages, live, shot):
    made = httpx.post(f"{live.url}/api/tables", json={"game": "nightmarium", "seats": ["human", "bot:random"],
                                                       "options": {"undo": True}}).json()
    table = made["id"]
    page = pages.new("desktop")
    seat_with_tokens(page.context, table, {"0": made["tokens"]["0"]})
    page.goto(f"/t/{table}")
    room = live.app.state.rooms.rooms[table]
    seen = {"taken": False, "refused": False}
    for _ in range(200):
        if all(seen.values()) or room.over:
            break
        wait_for_my_decision(page, room, 0)
        before = room.seq
        page.locator(ENABLED_OPTION).last.click()
        page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")
        if room.over or room.state.current_player() != 0:
            continue
        page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) === {room.seq}")
        allowed = room.undo_refusal(0) is None
        if allowed and not seen["taken"]:
            assert "ready" in (page.get_attribute("#undo", "class") or "")
            assert page.eval_on_selector("#undo", "b => getComputedStyle(b).opacity") == "1"
            state_before = room.record()
            state_before.actions = state_before.actions[:-1]
            seq = room.seq
            page.click("#undo")
            page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) === {seq + 1}")
            assert room.state.to_json() == state_before.replay().to_json()
            page.wait_for_selector("#log li:has-text('You took back your last action')")
            struck = page.locator("#log li.undone")                   # the act's own line, struck out
            assert struck.count() >= 1 and "taken back" in struck.first.inner_text()
            assert "undone" not in (page.locator("#log li").first.get_attribute("class") or "")
            shot(page, "online-6-undo-taken")
            seen["taken"] = True
        elif not allowed and not seen["refused"]:
            why = room.undo_refusal(0)
            seq = room.seq
            # issue 25 §6: nothing to undo is not styled as ready (it looks unavailable)
            assert "ready" not in (page.get_attribute("#undo", "class") or "")
            assert float(page.eval_on_selector("#undo", "b => getComputedStyle(b).opacity")) < 1
            page.click("#undo")
            page.wait_for_selector(f".notice:has-text('{why}')")
            assert room.seq == seq                                    # nothing changed
            shot(page, "online-7-undo-refused")
            seen["refused"] = True
    assert all(seen.values()), seen


def test_a_bot_takes_over_an_absent_players_seat_and_the_player_takes_it_back(pages, shot, tmp_path):
    """Absence times shortened (the test's clock): a disconnect is announced after 0.5 s,
    an absent player's seat is offered to a bot after 1.5 s."""
    settings = Settings(db_url=f"sqlite:///{tmp_path / 't.db'}", think=(0.05, 0.1), rate_burst=100,
                        rate_per_s=100.0, absence=(0.5, 1.5, 600.0))
    server = WebServer(settings).start()
    try:
        made = httpx.post(f"{server.url}/api/tables", json={
            "game": "nightmarium", "seats": ["human", "human"], "names": ["Ann", "Bob"],
            "options": {"takeover_bot": "normal"}}).json()
        table = made["id"]
        ann, bob = pages.new("desktop", server=server), pages.new("desktop", server=server)
        seat_with_tokens(ann.context, table, {"0": made["tokens"]["0"]})
        seat_with_tokens(bob.context, table, {"1": made["tokens"]["1"]})
        ann.goto(f"/t/{table}")
        bob.goto(f"/t/{table}")
        room = server.app.state.rooms.rooms[table]
        if room.state.current_player() == 0:                     # Bob is to decide when he leaves
            for _ in range(6):
                if room.state.current_player() == 1:
                    break
                before = room.seq
                ann.wait_for_selector(ENABLED_OPTION)
                ann.locator(ENABLED_OPTION).first.click()
                ann.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")
        assert room.state.current_player() == 1
        bob.close()
        ann.wait_for_selector("#presence li[data-seat='1'][data-state='gone']", timeout=10_000)
        ann.wait_for_selector("#takeover-1", timeout=10_000)
        shot(ann, "online-8-offer")
        ann.click("#takeover-1")
        ann.wait_for_selector("#presence li[data-seat='1'] .bot-plays", timeout=10_000)
        ann.wait_for_function("() => !!document.querySelector('" + ENABLED_OPTION + "')", timeout=60_000)
        assert any(e.by.startswith("bot:") and e.seat == 1 for e in room.acts)      # the bot played Bob's turn
        bob = pages.new("desktop", server=server)
        seat_with_tokens(bob.context, table, {"1": made["tokens"]["1"]})
        bob.goto(f"/t/{table}")
        bob.wait_for_selector("#reclaim")
        shot(bob, "online-9-reclaim")
        bob.click("#reclaim")
        bob.wait_for_selector("#reclaim", state="detached")
        assert room.controller == {} and room.assisted
    finally:
        server.stop()


def test_the_turn_clock_counts_down_and_a_bot_decides_when_it_runs_out(pages, live, shot):
    """A table with a turn clock (13 s a decision): the player sees their seconds left
    count down, urgent from 10 s, a bot's seat has no clock, and when the time is up the
    takeover bot makes that one decision, said in the log; the seat stays the player's."""
    made = httpx.post(f"{live.url}/api/tables", json={
        "game": "nightmarium", "seats": ["human", "bot:random"], "options": {"turn_seconds": 13}}).json()
    table = made["id"]
    page = pages.new("desktop")
    seat_with_tokens(page.context, table, {"0": made["tokens"]["0"]})
    page.goto(f"/t/{table}")
    room = live.app.state.rooms.rooms[table]
    wait_for_my_decision(page, room, 0)
    mine = "#presence li[data-seat='0'] .clock"
    first = int(page.get_attribute(mine, "data-left"))
    assert 0 < first <= 13 and page.inner_text(mine) == f"{first} s left"
    assert page.locator("#presence li[data-seat='1'] .clock").count() == 0
    page.wait_for_function(f"() => Number(document.querySelector(\"{mine}\")?.dataset.left) < {first}")
    page.wait_for_selector(f"{mine}.low")
    shot(page, "online-10-clock")
    acts = len(room.acts)
    page.wait_for_selector("#log li:has-text('turn clock ran out')", timeout=20_000)
    deadline = time.monotonic() + 30
    while len(room.acts) <= acts:                       # the bot is deciding (a search, in the pool)
        assert time.monotonic() < deadline, "no bot decided when the clock ran out"
        time.sleep(0.05)
    page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) >= {room.acts[acts].seq}")
    taken = room.acts[acts]
    assert taken.seat == 0 and taken.by == "bot:normal"                   # the table's takeover bot
    assert room.controller == {} and room.assisted                      # a bot decided for a person: assisted


def test_a_seats_link_takes_it_to_another_device(pages, live, shot):
    """"Play on another device": the seat's link (its token in the fragment, which no
    browser sends to a server) opens the same seat on a new device, which leaves the
    token out of its address bar and plays on; a broken or foreign link only watches."""
    made = httpx.post(f"{live.url}/api/tables", json={"game": "nightmarium", "seats": ["human", "bot:random"]}).json()
    table, token = made["id"], made["tokens"]["0"]
    desk = pages.new("desktop")
    seat_with_tokens(desk.context, table, {"0": token})
    desk.goto(f"/t/{table}")
    room = live.app.state.rooms.rooms[table]
    wait_for_my_decision(desk, room, 0)
    before = room.seq
    desk.locator(ENABLED_OPTION).first.click()
    desk.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")
    desk.click("#device-toggle")
    link = desk.input_value("#device-link")
    assert link == f"{live.url}/t/{table}#seat=0&token={token}"
    desk.context.grant_permissions(["clipboard-read", "clipboard-write"])
    desk.click("#copy-device-link")
    desk.wait_for_selector("#copy-device-link:has-text('Copied')")
    assert desk.evaluate("navigator.clipboard.readText()") == link
    shot(desk, "online-11-device-link")

    phone = pages.new("phone")
    phone.goto(link)
    phone.wait_for_function("() => document.querySelector('main').dataset.seat === '0'")
    assert phone.evaluate("location.href") == f"{live.url}/t/{table}"            # the token left the address bar
    assert json.loads(phone.evaluate(f"localStorage.getItem('gloam.tokens.{table}')")) == {"0": token}
    wait_for_my_decision(phone, room, 0)
    before = room.seq
    phone.locator(ENABLED_OPTION).first.click()
    desk.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")   # one seat, two devices
    assert [e.by for e in room.acts if e.seat == 0] == ["human", "human"]

    for broken in (f"#seat=0&token={token[:8]}", "#seat=0&token=" + "A" * 43, "#token=" + token):
        other = pages.new("desktop")
        other.goto(f"/t/{table}{broken}")
        other.wait_for_function("() => document.querySelector('main').dataset.seat === 'spectator'"
                                " && !!document.querySelector('main').dataset.v")
        assert other.evaluate("location.hash") == ""
        assert other.locator("#hand .card").count() == 0


@pytest.mark.slow
def test_a_shared_screen_takes_up_the_rematch_for_every_seat_it_holds(pages, live, shot):
    """Pass-and-play: both seats in one browser; one click on the finished table takes
    both seats of the rematch, which starts at once."""
    from web_client import play_table, run_async

    made = httpx.post(f"{live.url}/api/tables", json={"game": "nightmarium", "seats": ["human", "human"]}).json()
    table = made["id"]
    run_async(play_table(live.ws_url, table, made["tokens"], spectators=0))
    page = pages.new("desktop")
    seat_with_tokens(page.context, table, made["tokens"])
    page.goto(f"/t/{table}")
    page.click("#take-device")                           # the screen is passed to the first seat
    page.click("#rematch:has-text('Offer a rematch')")
    page.wait_for_url(lambda url: not url.endswith(table))
    rematch = page.url.rsplit("/", 1)[1]
    page.wait_for_function("() => document.querySelector('main').dataset.status === 'live'")
    held = json.loads(page.evaluate(f"localStorage.getItem('gloam.tokens.{rematch}')"))
    assert sorted(held) == ["0", "1"] and live.app.state.rooms.rooms[rematch].status == "live"


def test_a_missed_update_makes_the_page_ask_for_a_resync(pages, live, shot):
    """Every update carries its version; the page that misses one (dropped here between the
    server and the page) asks for a ``sync`` and draws the table at the latest version."""
    made = httpx.post(f"{live.url}/api/tables", json={"game": "nightmarium", "seats": ["human", "bot:random"]}).json()
    table = made["id"]
    page = pages.new("desktop")
    seat_with_tokens(page.context, table, {"0": made["tokens"]["0"]})
    seen = {"dropped": 0, "syncs": 0}

    def route(ws) -> None:
        server = ws.connect_to_server()

        def to_page(message) -> None:
            frame = json.loads(message)
            if frame.get("t") == "update" and frame["v"] == 3 and not seen["dropped"]:
                seen["dropped"] += 1                      # lost on the way
                return
            ws.send(message)

        def to_server(message) -> None:
            if json.loads(message).get("t") == "sync":
                seen["syncs"] += 1
            server.send(message)
        server.on_message(to_page)
        ws.on_message(to_server)
    page.route_web_socket(re.compile(r".*/ws/tables/.*"), route)
    page.goto(f"/t/{table}")
    room = live.app.state.rooms.rooms[table]
    for _ in range(40):
        if room.seq >= 6 or room.over:
            break
        wait_for_my_decision(page, room, 0)
        before = room.seq
        page.locator(ENABLED_OPTION).first.click()
        page.wait_for_function(f"() => Number(document.querySelector('main').dataset.v) > {before}")
    wait_for_my_decision(page, room, 0) if not room.over else None
    assert seen == {"dropped": 1, "syncs": 1}
    assert version(page) == room.seq
    people = [e for e in room.entries if e.kind == "act" and e.by == "human"]
    assert len({e.cid for e in people}) == len(people)
