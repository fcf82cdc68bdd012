"""Playing together (issue 15; web-design §5.4, §5.7, §5.8): the room's rules for open
seats, chat, presence, idle seats and undo, driven on a real room over a real SQLite
store, with a clock the test moves (so "a minute away" takes no minute)."""

from __future__ import annotations

import asyncio
import secrets

import pytest

from gloam.core import SPECTATOR
from gloam.server.bots import BotRunner
from gloam.server.room import Connection, Room, SeatRefused, Timing
from gloam.server.rooms import RoomRegistry, new_table_id
from gloam.server.seats import new_token, token_hash
from gloam.server.store import repo
from gloam.server.store.writer import Writer
from web_client import run_async


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class Table:
    """A room made the way ``POST /api/tables`` makes one, and a way to reload it."""

    def __init__(self, tmp_path, game, kinds, options=None, seed=7, setup=None):
        self.url = f"sqlite+aiosqlite:///{tmp_path / 'gloam.db'}"
        self.game, self.kinds, self.options, self.seed = game, kinds, options or {}, seed
        self.setup = {"players": len(kinds), **(setup or {})}
        self.clock = Clock()
        self.tokens: dict[int, str] = {}
        self.invites: dict[int, str] = {}
        self.host = new_token()

    async def __aenter__(self) -> Table:
        await asyncio.to_thread(repo.migrate, self.url)
        self.engine = repo.open_engine(self.url)
        self.writer = Writer(self.engine)
        self.writer.start()
        self.bots = BotRunner(1)
        self.registry = RoomRegistry(self.engine, self.writer, self.bots, (0.0, 0.0), timing=Timing(),
                                     now=self.clock)
        from gloam.games import get_game

        rows = []
        for seat, kind in enumerate(self.kinds):
            if kind == "human":
                self.tokens[seat] = new_token()
                rows.append(repo.SeatRow(seat, f"P{seat}", "human", None, token_hash(self.tokens[seat])))
            elif kind == "open":
                self.invites[seat] = new_token()
                rows.append(repo.SeatRow(seat, f"P{seat}", "open", None, None, token_hash(self.invites[seat])))
            else:
                rows.append(repo.SeatRow(seat, kind, "bot", kind[4:], None))
        table = repo.TableRow(id=new_table_id(), game=self.game, setup=get_game(self.game, self.setup).setup_json(),
                              seed=self.seed, bot_secret=secrets.randbits(64), options=self.options,
                              status="open" if self.invites else "live", result=None, engine="gloam test",
                              created_at=repo.now(), finished_at=None, host_hash=token_hash(self.host))
        self.room = await self.registry.create(table, rows)
        return self

    async def __aexit__(self, *exc) -> None:
        await self.registry.close()
        await self.writer.stop()
        self.bots.close()
        await self.engine.dispose()

    async def reload(self) -> Room:
        """The room as a restarted server rebuilds it from the log."""
        table, seats, entries = await repo.load_table(self.engine, self.room.table.id)
        return Room(table, seats, entries, self.writer, self.bots)

    def connect(self, viewer: int) -> Connection:
        conn = Connection(viewer, "en")
        self.room.join(conn)
        return conn


def drain(conn: Connection) -> list[dict]:
    out = []
    while not conn.outbox.empty():
        item = conn.outbox.get_nowait()
        if item is not None:
            out.append(item)
    return out


async def settle(room: Room) -> None:
    """Let the room's bot task run to its end."""
    for _ in range(200):
        task = room._bot_task
        if task is None or task.done():
            await asyncio.sleep(0)
            if room._bot_task is None or room._bot_task.done():
                return
        else:
            await asyncio.wait_for(asyncio.shield(task), 30)


# --- open seats, invites and the start ---------------------------------------------

def test_an_invite_takes_its_seat_once_and_the_creator_starts_when_all_are_taken(tmp_path):
    async def run():
        async with Table(tmp_path, "nightmarium", ["human", "open", "open"], {"visibility": "private"}) as t:
            room = t.room
            assert room.status == "open"
            verdict = await room.act(0, 0, room.state.legal_action_indices()[0], "early")
            assert not verdict.ok and verdict.code == "not_started"
            with pytest.raises(SeatRefused) as refused:
                await room.take_seat(invite=None, seat=1, name="Eve", token_hash=token_hash("x"))
            assert refused.value.status == 403                     # private: a seat number is not enough
            seat = await room.take_seat(invite=t.invites[1], seat=None, name="Bob", token_hash=token_hash("bob"))
            assert seat == 1 and room.seats[1].kind == "human" and room.seats[1].name == "Bob"
            with pytest.raises(SeatRefused) as again:              # single use
                await room.take_seat(invite=t.invites[1], seat=None, name="Mallory", token_hash=token_hash("m"))
            assert again.value.status == 403 and room.seats[1].name == "Bob"
            with pytest.raises(SeatRefused) as early:
                await room.start(t.host)
            assert early.value.status == 409 and "2" in str(early.value)
            await room.take_seat(invite=t.invites[2], seat=None, name="Cy", token_hash=token_hash("cy"))
            with pytest.raises(SeatRefused) as not_host:
                await room.start(t.tokens[0])                      # a seat token is not the creator's key
            assert not_host.value.status == 403
            await room.start(t.host)
            assert room.status == "live"
            reloaded = await t.reload()                            # all of it is in the store
            assert reloaded.status == "live" and [s.name for s in reloaded.seats] == ["P0", "Bob", "Cy"]
            assert [s.invite_hash for s in reloaded.seats] == [None, None, None]
            assert reloaded.seats[1].token_hash == token_hash("bob")
    run_async(run())


def test_a_public_table_lets_anyone_take_an_open_seat_by_number(tmp_path):
    async def run():
        async with Table(tmp_path, "nightmarium", ["human", "open"]) as t:
            watcher = t.connect(SPECTATOR)
            drain(watcher)
            seat = await t.room.take_seat(invite=None, seat=1, name="Walk-in", token_hash=token_hash("w"))
            assert seat == 1
            with pytest.raises(SeatRefused) as taken:
                await t.room.take_seat(invite=None, seat=1, name="Late", token_hash=token_hash("l"))
            assert taken.value.status == 409
            told = drain(watcher)
            assert any(m["t"] == "table" and m["table"]["seats"][1]["name"] == "Walk-in" for m in told)
            assert any(m["t"] == "notice" and m["type"] == "joined" for m in told)
    run_async(run())


# --- chat -------------------------------------------------------------------------

def test_players_and_spectators_have_separate_chats_and_players_can_mute_spectators(tmp_path):
    async def run():
        async with Table(tmp_path, "nightmarium", ["human", "human"]) as t:
            p0, p1, watcher = t.connect(0), t.connect(1), t.connect(SPECTATOR)
            for c in (p0, p1, watcher):
                drain(c)
            assert (await t.room.say(p0, "players", "good luck")).ok
            assert not (await t.room.say(watcher, "players", "psst")).ok     # spectators cannot talk to players
            assert not (await t.room.say(p0, "spectators", "hi")).ok
            p1.mute_spectators = True
            assert (await t.room.say(watcher, "spectators", "nice move")).ok
            lines = {name: [(m["channel"], m["text"]) for m in drain(c) if m["t"] == "chat"]
                     for name, c in (("p0", p0), ("p1", p1), ("watcher", watcher))}
            assert lines["p0"] == [("players", "good luck"), ("spectators", "nice move")]
            assert lines["p1"] == [("players", "good luck")]                    # muted
            assert lines["watcher"] == [("spectators", "nice move")]            # never the players' chat
            late = t.connect(SPECTATOR)
            assert [c["text"] for c in drain(late)[0]["chat"]] == ["nice move"]
            assert [c["text"] for c in await repo.load_chat(t.engine, t.room.table.id)] == ["good luck", "nice move"]
    run_async(run())


# --- presence and idle seats --------------------------------------------------------

def _notices(conn, kind):
    return [m for m in drain(conn) if m["t"] == "notice" and m["type"] == kind]


def test_a_disconnect_is_announced_only_after_the_grace(tmp_path):
    async def run():
        async with Table(tmp_path, "nightmarium", ["human", "human"]) as t:
            p0, p1 = t.connect(0), t.connect(1)
            t.room.leave(p1)
            drain(p0)
            t.clock.t += Timing().grace - 1
            await t.room.tick()
            assert _notices(p0, "gone") == []
            p1 = t.connect(1)                                      # back within the grace: nobody is told
            t.clock.t += Timing().grace * 2
            await t.room.tick()
            assert _notices(p0, "gone") == [] and _notices(p0, "back") == []
            t.room.leave(p1)
            t.clock.t += Timing().grace + 0.1
            await t.room.tick()
            assert len(_notices(p0, "gone")) == 1
            assert t.room.presence_message()["seats"][1]["online"] is False
            t.connect(1)
            assert len(_notices(p0, "back")) == 1
    run_async(run())


async def _to_seat(room: Room, seat: int) -> None:
    """Play seat-by-seat with the first option until ``seat`` decides (bots included)."""
    for _ in range(400):
        await settle(room)
        if room.state.current_player() == seat:
            return
        player = room.state.current_player()
        by = "human" if room.seats[player].kind == "human" and player not in room.controller else "bot:random"
        assert (await room.act(player, room.seq, room.state.legal_action_indices()[0], f"t{room.seq}", by=by)).ok
    raise AssertionError("the seat never decided")


def test_an_absent_players_seat_is_offered_to_a_bot_taken_over_and_reclaimed(tmp_path):
    async def run():
        async with Table(tmp_path, "nightmarium", ["human", "human"], {"takeover_bot": "random"}) as t:
            room = t.room
            p0, p1 = t.connect(0), t.connect(1)
            await _to_seat(room, 0)
            room.leave(p0)
            drain(p1)
            t.clock.t += Timing().gone - 1
            await room.tick()
            assert room.offers_for(1) == []
            t.clock.t += 2
            await room.tick()
            offers = room.offers_for(1)
            assert offers == [{"seat": 0, "bot": "random", "voted": False, "needed": 1}]
            assert any(m["t"] == "table" and m["offers"] == offers for m in drain(p1))
            assert not (await room.vote_takeover(0, 0)).ok                   # not for oneself
            assert (await room.vote_takeover(1, 0)).ok
            assert room.controller == {0: "random"}
            await settle(room)
            assert room.state.current_player() != 0 or room.over      # the bot played seat 0's turn
            assert room.assisted and any(e.by == "bot:random" and e.seat == 0 for e in room.acts)
            assert room.info()["seats"][0]["played_by"] == "random"
            p0 = t.connect(0)
            welcome = drain(p0)[0]
            assert welcome["you"]["played_by"] == "random"
            refused = await room.act(0, room.seq, 0, "mine")
            assert not refused.ok and "reclaim" in refused.msg
            assert (await room.reclaim(0, "take-back")).ok
            assert room.controller == {}
            await _to_seat(room, 0)
            assert room.bot_to_move() is None                          # seat 0 is a person's again
            kinds = [e.kind for e in (await t.reload()).entries]
            assert "takeover" in kinds and "reclaim" in kinds
            assert (await t.reload()).assisted
            # a newcomer's welcome tells the same story as the live updates did, in order
            lines = [e["line"] for e in drain(t.connect(SPECTATOR))[0]["log"]]
            story = ["P0 disconnected", "P0 seems to be away: a bot (random) can play for them",
                     "A bot (random) now plays P0's seat (the other players agreed)",
                     "P0 took their seat back from the bot"]
            assert [line for line in lines if line in story] == story
            between = lines[lines.index(story[2]) + 1:lines.index(story[3])]
            assert any("P0" in line for line in between)                      # the bot's turn for P0
            # after a restart the log's own entries are told again; presence notices are not
            rebuilt = await t.reload()
            conn = Connection(SPECTATOR, "en")
            rebuilt.join(conn)
            again = [e["line"] for e in drain(conn)[0]["log"]]
            assert [line for line in again if "P0" in line and ("bot" in line)] == [
                "A bot (random) now plays P0's seat", "P0 took their seat back from the bot"]
            assert "P0 disconnected" not in again
    run_async(run())


def test_a_table_whose_other_seats_are_all_bots_waits_for_its_person(tmp_path):
    """Issue 25 §4: no other person waits at a [person, bot] table, so it pauses when its
    person is away (tab closed past `gone`, or open and idle past `idle`) instead of
    letting a bot finish their game; it goes on where it was when they act."""
    async def run():
        async with Table(tmp_path, "nightmarium", ["human", "bot:random"], {"takeover_bot": "random"}) as t:
            room = t.room
            await _to_seat(room, 0)
            seq = room.seq
            t.clock.t += Timing().gone + 1                         # never connected at all
            await room.tick()
            await settle(room)
            conn = t.connect(0)                                    # back, and left idle for longer
            t.clock.t += Timing().idle * 3
            await room.tick()
            await settle(room)
            assert room.controller == {}
            assert room.seq == seq and room.state.current_player() == 0
            assert room.offers_for(0) == [] and room.offers_for(1) == []
            frames = drain(conn)
            assert not [f for f in frames if f.get("t") == "notice" and f.get("type") in ("offer", "takeover")]
            assert all(f.get("played_by") is None for f in frames if f.get("t") == "table")
            verdict = await room.act(0, room.seq, room.state.legal_action_indices()[0], "back-1")
            assert verdict.ok and room.seq == seq + 1
            await settle(room)
    run_async(run())


def test_a_connected_player_idle_for_five_minutes_is_offered_too(tmp_path):
    async def run():
        async with Table(tmp_path, "nightmarium", ["human", "human"]) as t:
            t.connect(0), t.connect(1)
            await _to_seat(t.room, 0)
            t.clock.t += Timing().idle - 1
            await t.room.tick()
            assert t.room.offers_for(1) == []
            t.clock.t += 2
            await t.room.tick()
            assert [o["seat"] for o in t.room.offers_for(1)] == [0]
            assert t.room.offers_for(0) == []                      # never offered to the idle seat itself
    run_async(run())


def test_the_turn_clock_lets_a_bot_decide_and_takes_the_seat_after_three_expiries(tmp_path):
    async def run():
        async with Table(tmp_path, "nightmarium", ["human", "bot:random"],
                         {"turn_seconds": 30, "takeover_bot": "random"}) as t:
            room = t.room
            t.connect(0)
            for strike in (1, 2):
                await _to_seat(room, 0)
                seq = room.seq
                t.clock.t += 29
                await room.tick()
                assert room.seq == seq
                t.clock.t += 1
                await room.tick()
                await settle(room)
                assert room.entries[seq].by == "bot:random" and room.entries[seq].seat == 0
                assert room.presence[0].strikes == strike and room.controller == {}
            await _to_seat(room, 0)
            t.clock.t += 30
            await room.tick()
            assert room.controller == {0: "random"}
    run_async(run())


# --- undo ------------------------------------------------------------------------

async def _undoable(room: Room, limit: int = 300) -> int:
    """Play first options until the deciding person could take back their last act."""
    for _ in range(limit):
        seat = room.state.current_player()
        if room.acts and room.undo_refusal(seat) is None:
            return seat
        assert (await room.act(seat, room.seq, room.state.legal_action_indices()[-1], f"u{room.seq}")).ok
    raise AssertionError("no undoable position came up")


def test_an_undo_takes_back_the_act_and_is_itself_in_the_log(tmp_path):
    async def run():
        async with Table(tmp_path, "nightmarium", ["human", "human"], {"undo": True}, seed=3) as t:
            room = t.room
            p0, p1, watcher = t.connect(0), t.connect(1), t.connect(SPECTATOR)
            seat = await _undoable(room)
            target = room.acts[-1]
            before = room.record()
            before.actions = before.actions[:-1]
            expected = before.replay().to_json()
            for c in (p0, p1, watcher):
                drain(c)
            seq = room.seq
            assert (await room.undo(seat, seq, "undo-1")).ok
            assert room.state.to_json() == expected
            assert room.entries[-1].kind == "undo" and room.entries[-1].target_seq == target.seq
            updates = [m for m in drain(watcher) if m["t"] == "update"]
            assert [u["v"] for u in updates] == [seq + 1]             # everyone sees the undo as one update
            undos = [e for e in updates[0]["events"] if e.get("type") == "undo"]
            assert [e["target"] for e in undos] == [target.seq]   # names the update taken back (the log strikes it)
            again = await room.undo(seat, seq, "undo-1")             # the same cid: acknowledged, not repeated
            assert again.ok and again.duplicate and room.seq == seq + 1
            reloaded = await t.reload()
            assert reloaded.state.to_json() == expected and len(reloaded.acts) == len(room.acts)
            assert reloaded.record().actions == room.record().actions
    run_async(run())


def test_undo_is_refused_for_each_reason_and_changes_nothing(tmp_path):
    async def run():
        async with Table(tmp_path, "nightmarium", ["human", "human"], {"undo": True}, seed=3) as t:
            room = t.room
            seat = await _undoable(room)
            other = 1 - seat
            state = room.state.to_json()
            refused = await room.undo(other, room.seq, "x1")
            assert not refused.ok and refused.code == "undo_refused" and "not your decision" in refused.msg
            assert room.state.to_json() == state
            stale = await room.undo(seat, room.seq - 1, "x2")
            assert stale.code == "stale"
            # a draw (a private event) or a shuffle (the generator moved): no undo
            for _ in range(300):
                seat = room.state.current_player()
                assert (await room.act(seat, room.seq, room.state.legal_action_indices()[0], f"d{room.seq}")).ok
                last = room.facts[-1]
                if (last.private or last.rng_before != last.rng_after) and room.state.current_player() == seat:
                    break
            else:
                raise AssertionError("no drawing act came up")
            why = room.undo_refusal(seat)
            assert why in ("that action showed you a hidden card", "that action drew or shuffled cards (random)")
            state = room.state.to_json()
            refused = await room.undo(seat, room.seq, "x3")
            assert refused.code == "undo_refused" and refused.msg == why and room.state.to_json() == state
            # across another player's action
            while room.state.current_player() == seat:
                await room.act(seat, room.seq, room.state.legal_action_indices()[0], f"e{room.seq}")
            mover = room.state.current_player()
            assert room.facts[-1].seat == seat != mover             # the act that handed the turn over
            assert room.undo_refusal(mover) == "your last action was followed by another player's"
            assert room.undo_refusal(seat) == "it is not your decision"
    run_async(run())


def test_undo_is_off_unless_the_table_is_casual(tmp_path):
    async def run():
        async with Table(tmp_path, "nightmarium", ["human", "human"], {"undo": False}, seed=3) as t:
            seat = t.room.state.current_player()
            await t.room.act(seat, 0, t.room.state.legal_action_indices()[-1], "a")
            refused = await t.room.undo(t.room.state.current_player(), t.room.seq, "u")
            assert refused.code == "undo_refused" and refused.msg == "undo is off at this table"
    run_async(run())
