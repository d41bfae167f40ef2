"""The language server (``hcldecode lsp``), started as a subprocess and driven over
stdio by a client of our own (``lsp_client``): documents opened, edited and
closed, with the exact diagnostics, completion items and hovers it answers, in
the native and the JSON syntax."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsp_client import LspClient, completion_items

pytestmark = pytest.mark.lsp

APP = Path(__file__).resolve().parents[1] / "data" / "lsp" / "app.py"
ERROR = 1
PROPERTY, CLASS, FUNCTION, VARIABLE, ENUM_MEMBER = 10, 7, 3, 6, 20


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("lsp")


@pytest.fixture(scope="module")
def client(root: Path) -> Iterator[LspClient]:
    started = LspClient(["--schema", f"{APP}:Config", "--debounce", "0.3"], root)
    started.initialize(root)
    yield started
    assert started.stop() == 0


def _range(line: int, start: int, end_line: int, end: int) -> dict[str, Any]:
    return {
        "start": {"line": line, "character": start},
        "end": {"line": end_line, "character": end},
    }


def _diag(line: int, start: int, end: int, message: str) -> dict[str, Any]:
    return {
        "range": _range(line, start, line, end),
        "message": message,
        "severity": ERROR,
        "source": "hcldecode",
    }


NUMBER_REQUIRED = "Unsuitable value type: Unsuitable value: a number is required."


def test_capabilities(root: Path) -> None:
    started = LspClient(["--schema", f"{APP}:Config"], root)
    result = started.initialize(root)
    assert started.stop() == 0
    capabilities = result["capabilities"]
    assert capabilities["positionEncoding"] == "utf-16"
    assert capabilities["textDocumentSync"] == {"openClose": True, "change": 2, "save": False}
    assert capabilities["completionProvider"] == {"triggerCharacters": [".", '"']}
    assert capabilities["hoverProvider"] is True
    assert capabilities["documentSymbolProvider"] is True
    assert capabilities["foldingRangeProvider"] is True
    assert capabilities["documentFormattingProvider"] is True
    assert capabilities["codeActionProvider"] == {"codeActionKinds": ["quickfix"]}
    assert capabilities["semanticTokensProvider"] == {
        "legend": {
            "tokenTypes": [
                "type",
                "property",
                "function",
                "variable",
                "keyword",
                "string",
                "number",
                "comment",
                "operator",
            ],
            "tokenModifiers": [],
        },
        "full": True,
    }
    assert result["serverInfo"]["name"] == "hcldecode"


def test_diagnostics_on_open_edit_and_close(client: LspClient, root: Path) -> None:
    uri = (root / "edit.hcl").as_uri()
    client.open(uri, 'service = "shop"\nreplicas = "two"\nlistener "a" {\n  port = 80\n}\n')
    assert client.diagnostics(uri) == {
        "uri": uri,
        "version": 1,
        "diagnostics": [_diag(1, 11, 16, NUMBER_REQUIRED)],
    }
    # An incremental change: "two" becomes 2, and a misspelt attribute is added.
    client.change(
        uri,
        2,
        [
            {"range": _range(1, 11, 1, 16), "text": "2"},
            {"range": _range(3, 11, 3, 11), "text": "\n  protocl = 1"},
        ],
    )
    assert client.diagnostics(uri) == {
        "uri": uri,
        "version": 2,
        "diagnostics": [
            _diag(
                4,
                2,
                9,
                'Unsupported argument: An argument named "protocl" is not expected here. '
                'Did you mean "protocol"?',
            )
        ],
    }
    client.close_document(uri)
    assert client.diagnostics(uri) == {"uri": uri, "diagnostics": []}


def test_only_the_last_of_quick_changes_is_checked(client: LspClient, root: Path) -> None:
    uri = (root / "quick.hcl").as_uri()
    client.open(uri, 'service = "a"\nreplicas = 1\n')
    assert client.diagnostics(uri)["diagnostics"] == []
    for version, start, end, text in ((2, 11, 12, '"a"'), (3, 11, 14, "true"), (4, 0, 8, "nope")):
        client.change(uri, version, [{"range": _range(1, start, 1, end), "text": text}])
    # The first report after the changes is of the last state.
    assert client.diagnostics(uri) == {
        "uri": uri,
        "version": 4,
        "diagnostics": [
            _diag(1, 0, 4, 'Unsupported argument: An argument named "nope" is not expected here.')
        ],
    }
    client.close_document(uri)
    assert client.diagnostics(uri)["diagnostics"] == []


def test_syntax_errors_come_alone(client: LspClient, root: Path) -> None:
    uri = (root / "syntax.hcl").as_uri()
    client.open(uri, "replicas = \nnope = 1\n")
    assert client.diagnostics(uri)["diagnostics"] == [
        {
            "range": _range(0, 11, 1, 0),
            "message": "Invalid expression: Expected the start of an expression, but found an "
            "invalid expression token.",
            "severity": ERROR,
            "source": "hcldecode",
        }
    ]
    client.close_document(uri)
    client.diagnostics(uri)


def test_columns_count_utf16_code_units(client: LspClient, root: Path) -> None:
    # A family emoji (three people joined by zero-width joiners: 8 UTF-16 units, one
    # grapheme cluster), and "é" written as e + a combining acute accent (2 units).
    uri = (root / "unicode.hcl").as_uri()
    family = "\U0001f469\u200d\U0001f469\u200d\U0001f467"
    client.open(
        uri,
        f'service = "{family}"\n'
        f'replicas = "{family} e\u0301"\n'
        f'listener "{family}e\u0301" {{ port = "{family}" }}\n',
    )
    assert client.diagnostics(uri)["diagnostics"] == [
        _diag(1, 11, 24, NUMBER_REQUIRED),
        _diag(2, 31, 41, NUMBER_REQUIRED),
    ]
    client.close_document(uri)
    client.diagnostics(uri)


def test_utf8_positions_when_the_client_asks(root: Path) -> None:
    started = LspClient(["--schema", f"{APP}:Config"], root)
    assert started.initialize(root, ["utf-8"])["capabilities"]["positionEncoding"] == "utf-8"
    uri = (root / "utf8.hcl").as_uri()
    started.open(uri, 'service = "x"\nreplicas = "\u00e9t\u00e9"\n')
    assert started.diagnostics(uri)["diagnostics"] == [_diag(1, 11, 18, NUMBER_REQUIRED)]
    started.close_document(uri)
    assert started.stop() == 0


def test_json_syntax_diagnostics(client: LspClient, root: Path) -> None:
    uri = (root / "app.hcl.json").as_uri()
    client.open(uri, '{\n  "service": "s",\n  "listener": {"a": {"port": "x\u00e9"}}\n}\n')
    assert client.diagnostics(uri)["diagnostics"] == [_diag(2, 29, 33, NUMBER_REQUIRED)]
    client.close_document(uri)
    client.diagnostics(uri)


NATIVE = """\
service = "s"

logging {
  level =\x20
}
replicas = shout("x")
port = env.
listener "a" {
  tls =\x20
  protocol = "
}
"""


@pytest.fixture(scope="module")
def native(client: LspClient, root: Path) -> str:
    uri = (root / "complete.hcl").as_uri()
    client.open(uri, NATIVE)
    client.diagnostics(uri)
    return uri


SHOUT = ("shout", FUNCTION, "shout(text string) string", "shout(${1})")
UPPER = ("upper", FUNCTION, "upper(str string) string", "upper(${1})")
ENV = ("env", VARIABLE, "object({region=string,zone=number})", "env")


def test_completion_of_names_in_the_root_body(client: LspClient, native: str) -> None:
    # service, replicas and the one logging block are there already; the repeatable
    # listener block is offered again.
    assert completion_items(client.completion(native, 1, 0)) == [
        ("listener", CLASS, 'block "name" (repeatable)', 'listener "${1:name}" {\n\t$0\n}', 0),
    ]


def test_completion_of_names_in_a_block_replaces_the_word(client: LspClient, native: str) -> None:
    # On "tls" itself: tls is offered (it is the word typed), protocol is there.
    assert completion_items(client.completion(native, 8, 3)) == [
        ("port", PROPERTY, "number (required)", "port = ", 2),
        ("tls", PROPERTY, "bool (optional)", "tls = ", 2),
    ]


def test_completion_of_values(client: LspClient, native: str) -> None:
    assert completion_items(client.completion(native, 8, 8)) == [
        ("true", ENUM_MEMBER, "bool", "true", 8),
        ("false", ENUM_MEMBER, "bool", "false", 8),
        (*SHOUT, 8),
        (*UPPER, 8),
        (*ENV, 8),
    ]
    # A Literal's strings, replacing the opening quote typed.
    assert completion_items(client.completion(native, 9, 14)) == [
        ('"http"', ENUM_MEMBER, "string", '"http"', 13),
        ('"grpc"', ENUM_MEMBER, "string", '"grpc"', 13),
        (*SHOUT, 13),
        (*UPPER, 13),
        (*ENV, 13),
    ]
    # An Enum's values.
    assert completion_items(client.completion(native, 3, 10)) == [
        ('"debug"', ENUM_MEMBER, "string", '"debug"', 10),
        ('"info"', ENUM_MEMBER, "string", '"info"', 10),
        (*SHOUT, 10),
        (*UPPER, 10),
        (*ENV, 10),
    ]


def test_no_completion_in_a_block_header(client: LspClient, native: str) -> None:
    assert completion_items(client.completion(native, 7, 14)) == []  # after 'listener "a" {'


def test_completion_of_a_variables_attributes(client: LspClient, native: str) -> None:
    assert completion_items(client.completion(native, 6, 11)) == [
        ("region", VARIABLE, "string", "region", 11),
        ("zone", VARIABLE, "number", "zone", 11),
    ]


def test_hover(client: LspClient, native: str) -> None:
    def hover(line: int, character: int) -> tuple[str, dict[str, Any]] | None:
        found = client.hover(native, line, character)
        if found is None:
            return None
        assert found["contents"]["kind"] == "markdown"
        return found["contents"]["value"], found["range"]

    assert hover(0, 3) == (
        "```hcl\nservice = string\n```\n\nRequired attribute.\n\n"
        "The service's name, as the registry knows it.",
        _range(0, 0, 0, 7),
    )
    assert hover(7, 8) == (
        '```hcl\nlistener "name" { ... }\n```\n\nBlock; any number of them.',
        _range(7, 0, 7, 8),
    )
    assert hover(2, 0) == ("```hcl\nlogging { ... }\n```\n\nOptional block.", _range(2, 0, 2, 7))
    assert hover(9, 2) == (
        '```hcl\nprotocol = string\n```\n\nOptional attribute; default: `"http"`.\n\n'
        'Must be one of `"http"`, `"grpc"`.',
        _range(9, 2, 9, 10),
    )
    assert hover(5, 13) == (
        "```hcl\nshout(text string) string\n```\n\nThe text in capitals, with an exclamation mark.",
        _range(5, 11, 5, 16),
    )
    assert hover(0, 12) is None
    # A reference to a variable: its value.
    assert hover(6, 8) == (
        '```hcl\nenv = {\n  region = "eu"\n  zone   = 2\n}\n```\n\n'
        "A variable of type `object({region=string,zone=number})`.",
        _range(6, 7, 6, 10),
    )


JSON = """\
{
  "service": 1,
  "listener": {"a": {"tls": tr, "p"}},
\x20\x20
}
"""


def test_completion_and_hover_in_json(client: LspClient, root: Path) -> None:
    uri = (root / "complete.hcl.json").as_uri()
    client.open(uri, JSON)
    client.diagnostics(uri)
    assert completion_items(client.completion(uri, 3, 2)) == [
        ("replicas", PROPERTY, "number (optional)", '"replicas": ', 2),
        ("listener", CLASS, 'block "name" (repeatable)', '"listener": {"${1:name}": {$0}}', 2),
        ("logging", CLASS, "block (optional)", '"logging": {$0}', 2),
    ]
    assert completion_items(client.completion(uri, 2, 29)) == [
        ("true", ENUM_MEMBER, "bool", "true", 28),
        ("false", ENUM_MEMBER, "bool", "false", 28),
    ]
    assert completion_items(client.completion(uri, 2, 34)) == [
        ("port", PROPERTY, "number (required)", '"port": ', 32),
        ("protocol", PROPERTY, "string (optional)", '"protocol": ', 32),
    ]
    # Among a block's labels nothing is offered.
    assert completion_items(client.completion(uri, 2, 16)) == []
    assert client.hover(uri, 2, 22) == {
        "contents": {
            "kind": "markdown",
            "value": "```hcl\ntls = bool\n```\n\nOptional attribute; default: `false`.",
        },
        "range": _range(2, 21, 2, 26),
    }
    assert client.hover(uri, 2, 17) is None
    client.close_document(uri)
    client.diagnostics(uri)


def test_schemas_by_file_pattern(root: Path) -> None:
    started = LspClient(
        ["--schema", f"plugins/*.hcl={APP}:Plugin", "--schema", f"{APP}:Config"], root
    )
    started.initialize(root)
    plugin = (root / "plugins" / "a.hcl").as_uri()
    started.open(plugin, "plugin = 1\nservice = 2\n")
    assert started.diagnostics(plugin)["diagnostics"] == [
        _diag(1, 0, 7, 'Unsupported argument: An argument named "service" is not expected here.')
    ]
    assert completion_items(started.completion(plugin, 2, 0)) == [
        ("enabled", PROPERTY, "bool (optional)", "enabled = ", 0)
    ]
    main = (root / "main.hcl").as_uri()
    started.open(main, "plugin = 1\n")
    assert [d["message"] for d in started.diagnostics(main)["diagnostics"]] == [
        'Missing required argument: The argument "service" is required, but no definition '
        "was found.",
        'Unsupported argument: An argument named "plugin" is not expected here.',
    ]
    assert started.stop() == 0


def test_serve_from_python(root: Path) -> None:
    program = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('lsp_app', {str(APP)!r})\n"
        "app = importlib.util.module_from_spec(spec)\n"
        "sys.modules['lsp_app'] = app\n"
        "spec.loader.exec_module(app)\n"
        "import hcldecode as hcl\n"
        "from hcldecode.lsp import serve\n"
        "def noisy(text: str) -> str:\n"
        "    print('the application prints')\n"
        "    return text\n"
        "decoder = hcl.Decoder(functions={'noisy': noisy}, variables={'env': {'zone': 1}})\n"
        "serve(app.Config, decoder, debounce=0)\n"
    )
    started = LspClient([], root, command=[sys.executable, "-c", program])
    started.initialize(root)
    uri = (root / "python.hcl").as_uri()
    # What the application's code prints goes to standard error, not into the protocol.
    started.open(uri, 'service = noisy("x")\nreplicas = env.zone\nport = 1\n')
    assert started.diagnostics(uri)["diagnostics"] == [
        _diag(2, 0, 4, 'Unsupported argument: An argument named "port" is not expected here.')
    ]
    assert started.stop() == 0


def test_a_layered_schema(root: Path) -> None:
    # The core class decodes its part of the file, the plugin's class the rest, and
    # what neither claims is an error (with a suggestion drawn from both).
    started = LspClient(["--schema", f"layered/*={APP}:Core+{APP}:MetricsPlugin"], root)
    started.initialize(root)
    uri = (root / "layered" / "app.hcl").as_uri()
    started.open(uri, 'listen = "x"\nmetrics {\n  interval = "often"\n\n}\nmetrix {}\n')
    assert started.diagnostics(uri)["diagnostics"] == [
        _diag(2, 13, 20, NUMBER_REQUIRED),
        _diag(
            5,
            0,
            6,
            'Unsupported block type: Blocks of type "metrix" are not expected here. '
            'Did you mean "metrics"?',
        ),
    ]
    assert completion_items(started.completion(uri, 3, 2)) == []  # interval is there
    assert started.hover(uri, 2, 4)["contents"]["value"] == (
        "```hcl\ninterval = number\n```\n\nOptional attribute; default: `60`.\n\n"
        "Must be at least 1.\n\nSeconds between two reports."
    )
    empty = (root / "layered" / "empty.hcl.json").as_uri()
    started.open(empty, "{\n  \n}\n")
    assert completion_items(started.completion(empty, 1, 2)) == [
        ("listen", PROPERTY, "string (required)", '"listen": ', 2),
        ("metrics", CLASS, "block (optional)", '"metrics": {$0}', 2),
    ]
    assert [d["message"] for d in started.diagnostics(empty)["diagnostics"]] == [
        'Missing required argument: The argument "listen" is required, but no definition was found.'
    ]
    assert started.stop() == 0


def test_schemas_from_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool.hcldecode.lsp]\n"
        f'schemas = [{{ pattern = "*.plugin.hcl", schema = "{APP}:Plugin" }}]\n',
        encoding="utf-8",
    )
    started = LspClient([], tmp_path)
    started.initialize(tmp_path)
    uri = (tmp_path / "x.plugin.hcl").as_uri()
    started.open(uri, "enabled = 1\n")
    assert started.diagnostics(uri)["diagnostics"] == [
        _diag(
            0,
            0,
            0,
            'Missing required argument: The argument "plugin" is required, but no '
            "definition was found.",
        ),
        _diag(
            0, 10, 11, "Unsuitable value type: Unsuitable value: bool required, but have number."
        ),
    ]
    assert started.stop() == 0


def test_a_class_that_cannot_be_decoded_into_is_a_command_line_mistake(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text(
        "import dataclasses\nfrom typing import Annotated, Literal\nimport hcldecode as hcl\n"
        "@dataclasses.dataclass\nclass Bad:\n"
        "    kind: Annotated[Literal[1], hcl.label()]\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-m", "hcldecode", "lsp", "--schema", "bad.py:Bad"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        2,
        "",
        "hcldecode lsp: error: Bad.kind: a label field must be of type str, a Literal of "
        "strings or an Enum of string values (or one of them | None with a default, for an "
        "optional label), not typing.Literal[1]\n",
    )


def test_no_schema_is_a_command_line_mistake(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "hcldecode", "lsp"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        2,
        "",
        "hcldecode lsp: error: give --schema, or [tool.hcldecode.lsp] schemas in pyproject.toml\n",
    )


STRUCT, FIELD = 23, 7


def _symbol(
    name: str, kind: int, where: tuple[int, int, int, int], name_end: int, *children: Any
) -> dict[str, Any]:
    line, start, end_line, end = where
    return {
        "name": name,
        "kind": kind,
        "range": _range(line, start, end_line, end),
        "selectionRange": _range(line, start, line, name_end),
        "children": list(children),
    }


def test_outline_folding_formatting_and_quick_fixes(client: LspClient, root: Path) -> None:
    uri = (root / "outline.hcl").as_uri()
    client.open(
        uri, 'service="s"\nlistener "\u00e9" {\n  protocl = 1\n  port = [\n    1,\n  ]\n}\n'
    )
    found = client.diagnostics(uri)["diagnostics"]
    assert found == [
        _diag(
            2,
            2,
            9,
            'Unsupported argument: An argument named "protocl" is not expected here. '
            'Did you mean "protocol"?',
        ),
        {
            "range": _range(3, 9, 5, 3),
            "message": "Unsuitable value type: Unsuitable value: number required, but have tuple.",
            "severity": ERROR,
            "source": "hcldecode",
        },
    ]
    document = {"textDocument": {"uri": uri}}
    assert client.request("textDocument/documentSymbol", document) == [
        _symbol("service", FIELD, (0, 0, 0, 11), 7),
        _symbol(
            'listener "\u00e9"',
            STRUCT,
            (1, 0, 6, 1),
            12,
            _symbol("protocl", FIELD, (2, 2, 2, 13), 9),
            _symbol("port", FIELD, (3, 2, 5, 3), 6),
        ),
    ]
    assert client.request("textDocument/foldingRange", document) == [
        {"startLine": 1, "endLine": 6},
        {"startLine": 3, "endLine": 5},
    ]
    options = {"tabSize": 2, "insertSpaces": True}
    assert client.request("textDocument/formatting", {**document, "options": options}) == [
        {
            "range": _range(0, 0, 7, 0),
            "newText": 'service = "s"\nlistener "\u00e9" {\n  protocl = 1\n  port = [\n    1,\n'
            "  ]\n}\n",
        }
    ]
    actions = client.request(
        "textDocument/codeAction",
        {**document, "range": _range(2, 2, 2, 9), "context": {"diagnostics": found}},
    )
    assert actions == [
        {
            "title": 'Change to "protocol"',
            "kind": "quickfix",
            "diagnostics": [found[0]],
            "isPreferred": True,
            "edit": {"changes": {uri: [{"range": _range(2, 2, 2, 9), "newText": "protocol"}]}},
        }
    ]
    client.close_document(uri)
    client.diagnostics(uri)


def test_quick_fix_and_outline_in_json(client: LspClient, root: Path) -> None:
    uri = (root / "fix.hcl.json").as_uri()
    client.open(uri, '{"service": "s", "replica": 1}')
    found = client.diagnostics(uri)["diagnostics"]
    assert found == [
        _diag(
            0,
            17,
            26,
            'Extraneous JSON object property: No argument or block type is named "replica". '
            'Did you mean "replicas"?',
        )
    ]
    document = {"textDocument": {"uri": uri}}
    actions = client.request(
        "textDocument/codeAction",
        {**document, "range": _range(0, 17, 0, 26), "context": {"diagnostics": found}},
    )
    assert [a["edit"] for a in actions] == [
        {"changes": {uri: [{"range": _range(0, 17, 0, 26), "newText": '"replicas"'}]}}
    ]
    assert client.request("textDocument/documentSymbol", document) == [
        _symbol("service", FIELD, (0, 1, 0, 15), 10),
        _symbol("replica", FIELD, (0, 17, 0, 29), 26),
    ]
    # The JSON syntax has no canonical layout here: no edits.
    options = {"tabSize": 2, "insertSpaces": True}
    assert client.request("textDocument/formatting", {**document, "options": options}) is None
    client.close_document(uri)
    client.diagnostics(uri)


def test_semantic_tokens(client: LspClient, root: Path) -> None:
    uri = (root / "tokens.hcl").as_uri()
    client.open(uri, 'service = "\u00e9${env.region}" # x\nlistener "a" {\n  port = upper(1)\n}\n')
    client.diagnostics(uri)
    found = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})
    data = found["data"]
    decoded, line, start = [], 0, 0
    for i in range(0, len(data), 5):
        delta_line, delta_start, length, kind, modifiers = data[i : i + 5]
        line += delta_line
        start = delta_start if delta_line else start + delta_start
        decoded.append((line, start, length, kind, modifiers))
    TYPE, PROP, FUNC, VAR, _, STRING, NUMBER, COMMENT, OPERATOR = range(9)
    assert decoded == [
        (0, 0, 7, PROP, 0),  # service
        (0, 8, 1, OPERATOR, 0),
        (0, 10, 1, STRING, 0),  # the quotes and the literal part
        (0, 11, 1, STRING, 0),
        (0, 14, 3, VAR, 0),  # env
        (0, 18, 6, PROP, 0),  # .region
        (0, 25, 1, STRING, 0),
        (0, 27, 3, COMMENT, 0),
        (1, 0, 8, TYPE, 0),  # listener
        (1, 9, 1, STRING, 0),
        (1, 10, 1, STRING, 0),
        (1, 11, 1, STRING, 0),
        (2, 2, 4, PROP, 0),  # port
        (2, 7, 1, OPERATOR, 0),
        (2, 9, 5, FUNC, 0),  # upper
        (2, 15, 1, NUMBER, 0),
    ]
    json_uri = (root / "tokens.hcl.json").as_uri()
    client.open(json_uri, '{"service": "s"}')
    client.diagnostics(json_uri)
    assert client.request(
        "textDocument/semanticTokens/full", {"textDocument": {"uri": json_uri}}
    ) == {"data": []}
    for closing in (uri, json_uri):
        client.close_document(closing)
        client.diagnostics(closing)
