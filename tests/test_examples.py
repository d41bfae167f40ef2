"""Every example in examples/ runs and prints what it should."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import hcldecode as hcl
from hcldecode.cli import main as cli_main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(script: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        # The examples use no name that is deprecated (moved or renamed).
        [sys.executable, "-W", "error:hcldecode:DeprecationWarning", str(script), *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_webservice() -> None:
    result = run(EXAMPLES / "webservice" / "main.py")
    assert result.stderr == ""
    assert result.stdout == (
        "storefront in eu-west-1, 3 replicas\n"
        "  listens on 8080 (http)\n"
        "  listens on 8443 (https, tls)\n"
        "  backend catalog: http://catalog.internal:9000 timeout 2.5s\n"
        "  backend cart: http://cart.internal:9100 timeout 1s\n"
    )


def test_pipeline_split_over_native_and_json() -> None:
    result = run(EXAMPLES / "pipeline" / "main.py")
    assert result.stderr == ""
    assert result.stdout == (
        "test: unit-tests (always), lint (always)\n"
        "build: wheel (always)\n"
        "release: publish (manual)\n"
    )


def test_plugins() -> None:
    result = run(EXAMPLES / "plugins" / "main.py")
    assert result.stderr == ""
    assert result.stdout == (
        "core listens on 0.0.0.0:8080\n"
        "plugin metrics: MetricsPlugin(metrics=Metrics(endpoint='/metrics', interval=15))\n"
        "plugin auth: AuthPlugin(providers=[Provider(kind='oidc', "
        "issuer='https://login.example.com', client_id='storefront', "
        "scopes=['openid', 'email'])])\n"
    )


def test_plugins_typo_is_reported_by_the_last_layer() -> None:
    result = run(EXAMPLES / "plugins" / "main.py", str(EXAMPLES / "plugins" / "typo.hcl"))
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        "Error: Unsupported argument\n"
        "\n"
        f"  on {EXAMPLES / 'plugins' / 'typo.hcl'} line 3:\n"
        "   3: debgu   = true\n"
        "\n"
        'An argument named "debgu" is not expected here. Did you mean "debug"?\n'
    )


def test_terraform_module_reader() -> None:
    result = run(EXAMPLES / "terraform" / "main.py", str(EXAMPLES / "terraform" / "demo"))
    assert result.stderr == ""
    assert result.stdout == (
        "2 files\n"
        "variable name (required)\n"
        "variable tags (optional)\n"
        "resource aws_s3_bucket.this\n"
        "output arn\n"
    )


def test_cli_decode_webservice(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli_main(
        [
            "decode",
            str(EXAMPLES / "webservice" / "service.hcl"),
            "--schema",
            f"{EXAMPLES / 'webservice' / 'config.py'}:Service",
            "--var",
            'var={"region": "eu-west-1"}',
        ]
    )
    out = capsys.readouterr()
    assert status == 0, out.err
    decoded = json.loads(out.out)
    assert decoded["service"] == "storefront"
    assert decoded["listeners"] == [
        {"name": "http", "port": 8080, "tls": False},
        {"name": "https", "port": 8443, "tls": True},
    ]
    assert decoded["backends"]["catalog"] == {
        "name": "catalog",
        "url": "http://catalog.internal:9000",
        "timeout": 2.5,
        "weights": [3, 1],
        "health": {"path": "/healthz", "interval": 10},
    }
    assert decoded["logging"] == {"level": "INFO", "format": "json"}


def test_cli_check_reports_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.hcl"
    bad.write_text(
        'service = "x"\nregion = "y"\nreplicas = "many"\nlistener "a" {\n  port = 1\n}\n'
    )
    status = cli_main(
        ["check", str(bad), "--schema", f"{EXAMPLES / 'webservice' / 'config.py'}:Service"]
    )
    out = capsys.readouterr()
    assert status == 1
    assert out.out == ""
    assert out.err == (
        "Error: Unsuitable value type\n"
        "\n"
        f"  on {bad} line 3:\n"
        '   3: replicas = "many"\n'
        "                 ^^^^^^\n"
        "\n"
        "Unsuitable value: a number is required.\n"
        "\n"
    )


def test_terraform_schema_reads_every_vpc_module(corpus: Path) -> None:
    sys.path.insert(0, str(EXAMPLES / "terraform"))
    try:
        from schema import Module  # noqa: PLC0415 (the example folder is put on sys.path first)
    finally:
        sys.path.remove(str(EXAMPLES / "terraform"))
    groups: dict[str, list[Path]] = {}
    for path in sorted((corpus / "native").glob("terraform-aws-vpc__*.tf")):
        groups.setdefault(path.name.rsplit("__", 1)[0], []).append(path)
    assert len(groups) == 19
    for paths in groups.values():
        module = hcl.decode(paths, Module)
        text = "".join(p.read_text(encoding="utf-8") for p in paths)
        assert len(module.variables) == text.count('\nvariable "') + text.startswith("variable ")
        assert len(module.outputs) == text.count('\noutput "') + text.startswith("output ")
        assert len(module.resources) == text.count('\nresource "') + text.startswith("resource ")


def test_terraform_module_reader_without_a_directory() -> None:
    result = run(EXAMPLES / "terraform" / "main.py")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "usage: python examples/terraform/main.py DIRECTORY\n"
    result = run(EXAMPLES / "terraform" / "main.py", str(EXAMPLES / "no-such-folder"))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"main.py: {EXAMPLES / 'no-such-folder'} is not a directory\n"


def test_plugins_unknown_plugin_is_a_diagnostic(tmp_path: Path) -> None:
    app = tmp_path / "app.hcl"
    app.write_text('listen = ":80"\nplugins = ["metrics", "nope"]\nmetrics {\n}\n')
    result = run(EXAMPLES / "plugins" / "main.py", str(app))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "Error: Unknown plugin\n"
        "\n"
        f"  on {app} line 2:\n"
        '   2: plugins = ["metrics", "nope"]\n'
        "\n"
        'There is no plugin "nope"; the plugins are "auth" and "metrics".\n'
    )


def test_examples_readme_lists_every_example_and_its_commands_run() -> None:
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    folders = sorted(p.name for p in EXAMPLES.iterdir() if (p / "main.py").is_file())
    listed = sorted(re.findall(r"^\| \[(\w+)\]\(\1/\)", readme, re.MULTILINE))
    assert listed == folders
    commands = re.findall(r"`(python examples/[^`]+)`", readme)
    assert len(commands) == len(folders) + 2  # plugins and jobspec are shown twice
    for command in commands:
        words = command.split()
        result = subprocess.run(
            [sys.executable, *words[1:]],
            cwd=EXAMPLES.parent,
            capture_output=True,
            text=True,
            check=False,
        )
        expected = 1 if command.endswith(("typo.hcl", "broken-job.nomad.hcl")) else 0
        assert result.returncode == expected, (command, result.stderr)


BROKEN_LOADER = (
    "Error: Invalid count\n"
    "\n"
    '  on examples/loader/broken/main.hcl line 3, in service "web" "frontend":\n'
    "   3:   count      = -1\n"
    "\n"
    "The count of a service must not be negative.\n"
    "\n"
    "Error: Reference to undeclared service\n"
    "\n"
    '  on examples/loader/broken/main.hcl line 4, in service "web" "frontend":\n'
    "   4:   depends_on = [service.api.backnd, var.region]\n"
    "\n"
    'There is no service "api" "backnd".\n'
    "\n"
    "Error: Invalid depends_on reference\n"
    "\n"
    '  on examples/loader/broken/main.hcl line 4, in service "web" "frontend":\n'
    "   4:   depends_on = [service.api.backnd, var.region]\n"
    "\n"
    "A reference here must look like service.KIND.NAME.\n"
    "\n"
    "Error: Missing required argument\n"
    "\n"
    '  on examples/loader/broken/main.hcl line 7, in service "api" "backend":\n'
    '   7: service "api" "backend" {\n'
    "\n"
    'The argument "image" is required, but no definition was found.\n'
    "\n"
    "Error: Unsupported argument\n"
    "\n"
    '  on examples/loader/broken/main.hcl line 8, in service "api" "backend":\n'
    '   8:   imgae = "shop/api:3.1"\n'
    "\n"
    'An argument named "imgae" is not expected here. Did you mean "image"?\n'
    "\n"
    "Error: Unsuitable value type\n"
    "\n"
    '  on examples/loader/broken/main.hcl line 9, in service "api" "backend":\n'
    '   9:   count = "two"\n'
    "\n"
    "Unsuitable value: a number is required.\n"
    "\n"
    "Error: Duplicate service\n"
    "\n"
    '  on examples/loader/broken/main.hcl line 12, in service "web" "frontend":\n'
    '  12: service "web" "frontend" {\n'
    "\n"
    'The service "web" "frontend" is defined twice.\n'
    "\n"
    "Error: Missing name for service\n"
    "\n"
    '  on examples/loader/broken/main.hcl line 16, in service "db":\n'
    '  16: service "db" {\n'
    "\n"
    "All service blocks must have 2 labels (kind, name).\n"
    "\n"
    "Error: Missing service to override\n"
    "\n"
    '  on examples/loader/broken/main_override.hcl line 1, in service "cache" "redis":\n'
    '   1: service "cache" "redis" {\n'
    "\n"
    'There is no service "cache" "redis" to override.\n'
)


def test_loader_reads_a_folder_with_an_override_file() -> None:
    result = subprocess.run(
        [sys.executable, "examples/loader/main.py", "examples/loader/good"],
        cwd=EXAMPLES.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == (
        "service api.backend: shop/api:3.1 x1, protected\n"
        "service web.frontend: nginx:1.25 x4\n"
        "variable region = 'eu-west-1'\n"
        "variable zone = None\n"
    )


def test_loader_reports_every_mistake_of_a_broken_folder() -> None:
    # HCL's diagnostics and the loader's own, all at once, in source order.
    result = subprocess.run(
        [sys.executable, "examples/loader/main.py", "examples/loader/broken"],
        cwd=EXAMPLES.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == BROKEN_LOADER


def test_migrate_keeps_comments() -> None:
    result = run(EXAMPLES / "migrate" / "main.py")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "# Settings of the storefront, version 1.\n"
        "# Owned by the web team; ask before changing.\n"
        "\n"
        'name    = "storefront"\n'
        "version = 2\n"
        "\n"
        "# Where it listens.\n"
        'listener "http" {\n'
        "  port = 80 # the old default\n"
        "}\n"
        "\n"
        "// Kept for the audit log.\n"
        'logging = "debug"\n'
        "\n"
        'listener "https" {\n'
        "  port = 443\n"
        "  tls = true\n"
        "}\n"
    )


def _jobspec(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "error:hcldecode:DeprecationWarning", "examples/jobspec/main.py"]
        + [f"examples/jobspec/jobs/{name}" for name in args],
        cwd=EXAMPLES.parent,
        capture_output=True,
        text=True,
        check=False,
    )


def test_jobspec_loads_a_job_in_layers() -> None:
    # Variables (a file's values beside the defaults), locals, dynamic blocks, env as a
    # block or an attribute, runtime references kept as text, and drivers' configs.
    result = _jobspec("web.nomad.hcl", "prod.vars.hcl")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        "job web in eu-west-1 {'owner': 'edge', 'service': 'web-eu-west-1'}",
        "  group frontend x2",
        "    task proxy-80 (docker) {'PORT': '80', 'KERNEL': '${attr.kernel.name}'}",
        "      DockerConfig(image='nginx:1.25', ports=[80])",
        "    task proxy-443 (docker) {'PORT': '443', 'KERNEL': '${attr.kernel.name}'}",
        "      DockerConfig(image='nginx:1.25', ports=[443])",
        "    task agent (exec) {'ALLOC': '${NOMAD_ALLOC_ID}', 'RACK': '${meta.rack}'}",
        "      ExecConfig(command='/bin/agent', args=['-dc', '${node.datacenter}', "
        "'WEB-EU-WEST-1'])",
    ]


def test_jobspec_reports_every_mistake_of_the_variables_and_locals() -> None:
    result = _jobspec("broken.nomad.hcl")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.splitlines() == [
        "Error: Invalid default value for variable",
        "",
        '  on examples/jobspec/jobs/broken.nomad.hcl line 3, in variable "ports":',
        '   3:   default = [80, "http"]',
        "",
        "This default value is not compatible with the variable's type constraint: element 1: "
        "a number is required.",
        "",
        "Error: No value for required variable",
        "",
        '  on examples/jobspec/jobs/broken.nomad.hcl line 6, in variable "datacenter":',
        '   6: variable "datacenter" {',
        "",
        "The variable 'datacenter' has no default and no value was given.",
        "",
        "Error: Cycle in local values",
        "",
        "  on examples/jobspec/jobs/broken.nomad.hcl line 11, in locals:",
        "  11:   a = local.b",
        "",
        "The local values local.a, local.b refer to each other in a circle, so none of them "
        "can be evaluated.",
        "",
        "Error: Reference to undeclared local value",
        "",
        "  on examples/jobspec/jobs/broken.nomad.hcl line 13, in locals:",
        "  13:   c = local.missing",
        "",
        'A local value with the name "missing" has not been declared.',
    ]


def test_jobspec_configures_every_task_that_decoded_beside_the_mistakes() -> None:
    result = _jobspec("broken-job.nomad.hcl")
    assert (result.returncode, result.stdout) == (
        1,
        "job (partly decoded): drivers configured []\n",
    )
    assert result.stderr.splitlines() == [
        "Error: Unsupported argument",
        "",
        '  on examples/jobspec/jobs/broken-job.nomad.hcl line 3, in job "broken":',
        "   3:   priority    = 50",
        "",
        'An argument named "priority" is not expected here.',
        "",
        "Error: Unsupported argument",
        "",
        '  on examples/jobspec/jobs/broken-job.nomad.hcl line 10, in job "broken":',
        "  10:         argz    = []",
        "",
        'An argument named "argz" is not expected here. Did you mean "args"?',
        "",
        "Error: Unknown task driver",
        "",
        '  on examples/jobspec/jobs/broken-job.nomad.hcl line 14, in job "broken":',
        '  14:     task "podman" {',
        "",
        "Task 'podman' names the driver 'podman'; the drivers are docker, exec.",
        "",
        "Error: Duplicate env definition",
        "",
        '  on examples/jobspec/jobs/broken-job.nomad.hcl line 24, in job "broken":',
        '  24:       env = { B = "y" }',
        "",
        '"env" is given as an argument here and as a block at '
        "examples/jobspec/jobs/broken-job.nomad.hcl:21,7-10; give one or the other.",
    ]


@pytest.mark.lsp
def test_plugins_editor_support() -> None:
    # The example's pyproject.toml gives `hcldecode lsp` its layered schema.
    from lsp_client import LspClient  # noqa: PLC0415 (the helper of tests/lsp)

    folder = EXAMPLES / "plugins"
    client = LspClient([], folder)
    client.initialize(folder)
    for name, expected in (
        ("app.hcl", []),
        (
            "typo.hcl",
            [
                {
                    "range": {
                        "start": {"line": 2, "character": 0},
                        "end": {"line": 2, "character": 5},
                    },
                    "message": 'Unsupported argument: An argument named "debgu" is not '
                    'expected here. Did you mean "debug"?',
                    "severity": 1,
                    "source": "hcldecode",
                }
            ],
        ),
    ):
        uri = (folder / name).as_uri()
        client.open(uri, (folder / name).read_text(encoding="utf-8"))
        assert client.diagnostics(uri)["diagnostics"] == expected
    uri = (folder / "app.hcl").as_uri()
    # Every name of the core and the metrics plugin is set; auth blocks may repeat.
    assert [item["label"] for item in client.completion(uri, 5, 0)["items"]] == ["auth"]
    assert client.hover(uri, 9, 3)["contents"]["value"] == (
        "```hcl\ninterval = number\n```\n\nOptional attribute; default: `60`."
    )
    assert client.stop() == 0


def test_autoscale_edits_its_files_and_shows_the_diff() -> None:
    result = run(EXAMPLES / "autoscale" / "main.py")
    assert result.stderr == ""
    assert result.stdout == (
        "--- a/app.hcl\n"
        "+++ b/app.hcl\n"
        "@@ -4,6 +4,11 @@\n"
        " # The public site\n"
        ' service "web" {\n'
        '   image    = "nginx:1.27" # pinned by the security team\n'
        "-  replicas = 2\n"
        "+  replicas = 4\n"
        '   timeout  = "1m30s"\n'
        " }\n"
        "+\n"
        '+service "cache" {\n'
        '+  image    = "redis:7"\n'
        "+  replicas = 2\n"
        "+}\n"
        "--- a/services.hcl.json\n"
        "+++ b/services.hcl.json\n"
        "@@ -2,11 +2,7 @@\n"
        '     "service": {\n'
        '         "api": {\n'
        '             "image": "registry.example.com/api:${upper(\\"v\\")}4",\n'
        '-            "replicas": 3\n'
        "-        },\n"
        '-        "batch": {\n'
        '-            "image": "registry.example.com/batch:1",\n'
        '-            "replicas": 1\n'
        '+            "replicas": 6\n'
        "         }\n"
        "     }\n"
        " }\n"
    )
