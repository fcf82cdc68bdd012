"""The browser client's files, checked without a browser: the page words exist in both
languages for every key the scripts use (and for every value the server can send, where
a key is made from one), no page has inline script or style and no script writes HTML,
and the lobby's choices (`GET /api/options`) are what the games accept."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web table needs the web extra: pip install 'gloam[web]'")

from fastapi.testclient import TestClient  # noqa: E402

from gloam.bots.registry import bot_names  # noqa: E402
from gloam.core.decisions import EndReason  # noqa: E402
from gloam.nightfall.game import VARIANTS  # noqa: E402
from gloam.nightfall.setup import ARCHIVE_SETUPS  # noqa: E402
from gloam.nightmarium.decisions import NightmariumKind  # noqa: E402
from gloam.server import (
    protocol as P,  # noqa: E402
    view_types,  # noqa: E402
)
from gloam.server.app import create_app  # noqa: E402
from gloam.server.settings import Settings  # noqa: E402

WEB = Path(__file__).resolve().parents[1] / "src" / "gloam" / "server" / "web"
SCRIPTS = sorted((WEB / "static" / "js").rglob("*.js"))
LANGS = {lang: json.loads((WEB / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8")) for lang in ("en", "ja")}


def script_text() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in SCRIPTS)


def test_english_and_japanese_have_the_same_words():
    assert set(LANGS["en"]) == set(LANGS["ja"])
    for lang, words in LANGS.items():
        empty = [key for key, text in words.items() if not text.strip()]
        assert not empty, f"{lang}.json: empty {empty}"


def test_every_word_the_scripts_ask_for_exists():
    keys = set(re.findall(r"""\bt\(\s*"([a-z_.]+)"\s*[,)]""", script_text()))
    assert len(keys) > 100
    missing = sorted(keys - set(LANGS["en"]))
    assert not missing, f"page words the scripts use but en.json/ja.json lack: {missing}"


@pytest.mark.parametrize("prefix, values", [
    ("reason", [r.value for r in EndReason]),
    ("nmkind", [k.value for k in NightmariumKind]),
    ("bot", sorted(set(bot_names("nightfall")) | set(bot_names("nightmarium")))),
    ("colour", ["red", "blue", "gold", "green", "purple", "white"]),
    ("keyword", ["vampire", "lycanthrope", "ghoul", "hunter"]),
    ("text", ["chain", "your_chain", "combat", "your_combat", "in_play", "exile", "global", "wound", "kicker", "feed"]),
    ("mod", ["attachment", "in_play", "effect", "moon", "damage"]),
    ("dest", ["removed", "private", "commons"]),
    ("part", ["legs", "body", "head"]),
    ("archives", list(ARCHIVE_SETUPS)),
    ("variant", list(VARIANTS)),
    ("reject", [P.STALE, P.ILLEGAL, P.NOT_YOURS, P.BAD_MESSAGE, P.RATE_LIMITED, P.OVER, P.SERVER, P.CID_TAKEN]),
])
def test_words_made_from_a_value_exist_for_every_value(prefix, values):
    """Keys like `reason.${reason}`: one for every value the server sends (docs/view.md)."""
    missing = [f"{prefix}.{v}" for v in values if f"{prefix}.{v}" not in LANGS["en"]]
    assert not missing


def test_no_page_has_inline_script_or_style_and_no_script_writes_html():
    """The Content-Security-Policy forbids inline script and style; every server string
    is drawn as text (textContent), never parsed as HTML."""
    for template in (WEB / "templates").glob("*.html"):
        html = template.read_text(encoding="utf-8")
        assert "<style" not in html and " style=" not in html, template.name
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, f"{template.name}: inline script {tag}"
    for path in SCRIPTS:
        text = path.read_text(encoding="utf-8")
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
            assert sink not in text, f"{path.name} uses {sink}"


def test_the_clients_view_types_are_the_schemas_own():
    """The types the client's JSDoc reads the table view with (``view/view-types.d.ts``,
    which ``tsc --checkJs --strict`` in .ci/run checks every field read against) are what
    ``python -m gloam.server.view_types`` makes from today's view schemas: a schema that
    gains, loses or renames a field without regenerating them fails here."""
    assert view_types.TARGET.read_text(encoding="utf-8") == view_types.generate(), \
        "view-types.d.ts is out of date: run python -m gloam.server.view_types"
    text = view_types.TARGET.read_text(encoding="utf-8")
    assert "export type NightfallView = {" in text and "export type NightmariumView = {" in text
    assert "\n  wound_stack: {\n" in text and "\n  outcome: " in text  # a field of each game, typed


def test_the_view_type_generator_refuses_a_schema_word_it_does_not_know():
    """A schema word with a meaning for the type (``oneOf``, ``not``…) that the generator
    does not translate is an error, never a silently looser type."""
    with pytest.raises(ValueError, match="oneOf"):
        view_types._type({"oneOf": [{"type": "string"}, {"type": "integer"}]}, "toy", "")
    assert view_types._type({"type": "object", "required": ["a"], "properties": {
        "a": {"type": ["integer", "null"]}, "b": {"enum": ["x", "y"]}}}, "toy", "") == \
        '{\n  a: number | null;\n  b?: "x" | "y";\n}'


@pytest.fixture
def client(tmp_path):
    # the server answers only to its own names (gloam.server.hosts): TestClient's own
    # "testserver" is none of them
    with TestClient(create_app(Settings(db_url=f"sqlite:///{tmp_path / 't.db'}")), base_url="http://localhost") as c:
        yield c


def test_the_lobby_options_are_what_the_games_take(client):
    """`GET /api/options`: the seat counts, bots, sets (The Coldest War, Martial Law and
    Nightfall standalone, Blood Country not: seed 003), archive setups and variants; a
    table made from them is accepted, and a refused combination is a 422 that makes nothing."""
    options = client.get("/api/options").json()["games"]
    nf, nm = options["nightfall"], options["nightmarium"]
    assert nf["bots"] == bot_names("nightfall") and nm["bots"] == bot_names("nightmarium")
    assert {s["code"]: s["standalone"] for s in nf["sets"]} == {"CW": True, "ML": True, "NF": True, "BC": False}
    assert nf["archives"] == ["quick", "draft", "ml-draft"] and set(nf["drafts"]) < set(nf["archives"])
    assert "teams" in nf["variants"] and nm["creatures"] == [5, 6, 7]
    assert nf["players"] == [2, 5] and nm["players"] == [2, 5]
    made = []
    for archives in nf["archives"]:
        body = {"game": "nightfall", "seats": ["human", "bot:" + nf["bots"][0]],
                "setup": {"sets": ["ML"] if archives == "ml-draft" else ["CW"], "archives": archives, "moons": True}}
        made.append(client.post("/api/tables", json=body))
    for creatures in nm["creatures"]:
        made.append(client.post("/api/tables", json={"game": "nightmarium", "seats": ["human", "human"],
                                                     "setup": {"creatures": creatures}}))
    assert [r.status_code for r in made] == [201] * len(made)
    count = len(client.get("/api/tables").json()["tables"])
    refused = client.post("/api/tables", json={"game": "nightfall", "seats": ["human", "bot:heuristic"],
                                              "setup": {"archives": "quick", "common_ground": True}})
    assert refused.status_code == 422 and "draft" in refused.json()["detail"]
    assert len(client.get("/api/tables").json()["tables"]) == count
