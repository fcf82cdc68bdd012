"""The browser client's types for each game's table view, generated from the view's JSON
schema (``<game package>/data/view.schema.json``, docs/view.md) into one TypeScript
declaration file the client's JSDoc imports (``static/js/view/view-types.d.ts``), so that
``tsc --checkJs --strict`` (docs/web-client.md) catches a field the client misspells or
reads where the schema has none.

Regenerate after changing a schema (a test holds the committed file to this output)::

    python -m gloam.server.view_types

Only the schema words the views use are understood (``type``, ``properties``,
``required``, ``additionalProperties``, ``items``, ``enum``, ``const``, ``anyOf``,
``$ref`` into ``$defs``); anything else is a :class:`ValueError`, so a schema never
silently loosens its type. Bounds and patterns (``minimum``, ``pattern``…) have no type
of their own and are left to the schema tests. An object's fields are the ones its
schema names, even where it allows others: a field the schema does not name is not the
client's to read.
"""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from gloam.games import declarations

TARGET = Path(__file__).parent / "web" / "static" / "js" / "view" / "view-types.d.ts"

#: schema words with no TypeScript type of their own (checked by the schema tests)
_IGNORED = {"$schema", "$id", "title", "description", "minimum", "maximum", "minItems", "maxItems",
            "minLength", "maxLength", "pattern", "uniqueItems", "dependentRequired", "propertyNames", "$defs"}
_UNDERSTOOD = {"type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf", "$ref"}
_ROOTS: dict[str, dict[str, Any]] = {}   # each game's schema, for its $refs
_SCALARS = {"integer": "number", "number": "number", "string": "string", "boolean": "boolean", "null": "null"}


def _name(game: str, key: str) -> str:
    """``nightfall`` and ``instance_face`` → ``NightfallInstanceFace``."""
    return "".join(part.capitalize() for part in f"{game}_{key}".split("_"))


def _literal(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _type(schema: Any, game: str, indent: str) -> str:
    """The TypeScript type of one schema."""
    if schema is True or schema == {}:
        return "unknown"
    unknown = set(schema) - _UNDERSTOOD - _IGNORED
    if unknown:
        raise ValueError(f"{game}: schema words the type generator does not know: {sorted(unknown)}")
    if "$ref" in schema:
        return _ref(schema["$ref"], game, indent)
    if "const" in schema:
        return _literal(schema["const"])
    if "enum" in schema:
        return " | ".join(_literal(v) for v in schema["enum"])
    if "anyOf" in schema:
        union = " | ".join(_type(s, game, indent) for s in schema["anyOf"])
        rest = {k: v for k, v in schema.items() if k != "anyOf" and k in _UNDERSTOOD}
        if not rest:
            return union
        return f"{_type(rest, game, indent)} & ({union})"   # each branch narrows the common part
    kinds = schema.get("type", "object" if "properties" in schema else None)
    if kinds is None:
        return "unknown"
    if isinstance(kinds, list):
        return " | ".join(_type({**schema, "type": k}, game, indent) for k in kinds)
    if kinds in _SCALARS:
        return _SCALARS[kinds]
    if kinds == "array":
        item = _type(schema.get("items", True), game, indent)
        return f"({item})[]" if " " in item else f"{item}[]"
    if kinds == "object":
        return _object(schema, game, indent)
    raise ValueError(f"{game}: unknown schema type {kinds!r}")


def _ref(pointer: str, game: str, indent: str) -> str:
    """A ``$ref``: a ``$defs`` entry by its name, any other part of the schema inline."""
    if pointer.startswith("#/$defs/") and pointer.count("/") == 2:
        return _name(game, pointer.rpartition("/")[2])
    if not pointer.startswith("#/"):
        raise ValueError(f"{game}: only $refs inside the schema are understood, not {pointer!r}")
    target: Any = _ROOTS[game]
    for part in pointer[2:].split("/"):
        target = target[part.replace("~1", "/").replace("~0", "~")]
    return _type(target, game, indent)


def _object(schema: dict[str, Any], game: str, indent: str) -> str:
    properties = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    if not properties:
        return f"{{ [key: string]: {_type(extra, game, indent)} }}"
    required = set(schema.get("required", ()))
    inner = indent + "  "
    lines = [f"{inner}{key}{'' if key in required else '?'}: {_type(sub, game, inner)};"
             for key, sub in properties.items()]
    return "{\n" + "\n".join(lines) + f"\n{indent}}}"


def _schema(package: str) -> dict[str, Any] | None:
    path = resources.files(package).joinpath("data/view.schema.json")
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def generate() -> str:
    """The declaration file: for each registered game with a view schema, its view
    (``NightfallView``) and each of its ``$defs`` (``NightfallOption``…)."""
    out = ["// Generated by `python -m gloam.server.view_types` from each game's data/view.schema.json:",
           "// do not edit by hand. The client's JSDoc imports these (docs/web-client.md).", ""]
    for game in declarations():
        package = game.state_class.__module__.rpartition(".")[0]
        schema = _schema(package)
        if schema is None:
            continue
        _ROOTS[game.name] = schema
        out.append(f"/** {schema.get('title', game.name)} (docs/view.md) */")
        out.append(f"export type {_name(game.name, 'view')} = {_type(schema, game.name, '')};")
        for key, sub in schema.get("$defs", {}).items():
            out.append(f"export type {_name(game.name, key)} = {_type(sub, game.name, '')};")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Write :data:`TARGET` (``--check``: only say whether it is up to date)."""
    text = generate()
    if "--check" in (argv if argv is not None else sys.argv[1:]):
        same = TARGET.exists() and TARGET.read_text(encoding="utf-8") == text
        print(f"{TARGET}: {'up to date' if same else 'out of date; run python -m gloam.server.view_types'}")
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
