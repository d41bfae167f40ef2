"""Load a Nomad-style job file in layers, as Nomad's own loader does.

1. The file's ``variable`` blocks, with values from their defaults and from
   variable files, converted to their declared types; ``locals``, evaluated
   in dependency order.
2. The job, with ``dynamic`` blocks expanded and the standard library; the
   references only a client can resolve (``${attr.*}``, ``${node.*}``,
   ``${meta.*}``, ``${NOMAD_*}``) kept as text for it.
3. Each task's ``config`` block, by its driver, for every task that decoded,
   even when others did not.

Every mistake is a diagnostic. Mistakes in the variables or locals stop the
loader before the job (which would only repeat them as unknown values);
in the job, no mistake stops the rest.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from drivers import DRIVERS
from jobspec import Job, JobFile, Task

import hcldecode as hcl
from hcldecode.decoding import Partial, load_variables
from hcldecode.ext import tryfunc
from hcldecode.ext.localvalues import evaluate_locals
from hcldecode.ext.typeexpr import type_constraint
from hcldecode.model import Diagnostic, Diagnostics, Traversal
from hcldecode.values import DYNAMIC, ConversionError, Value, convert, path_text

#: What only the client that runs a task knows.
RUNTIME = ("attr", "node", "meta")

DECODER = hcl.Decoder(dynamic_blocks=True)


@dataclasses.dataclass
class Loaded:
    """A job, and each task's driver configuration by task name."""

    job: Job | Partial[Job] | None
    configs: dict[str, Any]


def keep_for_the_client(traversal: Traversal) -> str | None:
    """``${attr.kernel.name}`` and the like stay as text; anything else is an error."""
    if traversal.root_name in RUNTIME or traversal.root_name.startswith("NOMAD_"):
        return "${" + str(traversal) + "}"
    return None


def load(path: Path, var_files: Sequence[Path] = ()) -> tuple[Loaded, Diagnostics, dict[str, Any]]:
    parsed = hcl.parse_config_file(path)
    diags = Diagnostics(parsed.diagnostics)
    files = dict(parsed.files)
    first = hcl.decode_body(parsed.value.body, JobFile)  # dynamic blocks wait for the context
    diags.extend(first.diagnostics)
    if first.value is None:
        return Loaded(None, {}), diags, files
    ctx = _context(first.value, var_files, diags)
    if diags.has_errors():  # the job would only repeat them as unknown values
        return Loaded(None, {}), diags, files
    job = DECODER.decode_body(first.value.job, Job, ctx=ctx)
    diags.extend(job.diagnostics)
    loaded = job.value if job.value is not None else Partial(Job, job.fields, job.failed)
    configs = {}
    for task in _tasks_that_decoded(loaded):
        driver = DRIVERS.get(task.driver)
        if driver is None:
            diags.append(
                Diagnostic.error(
                    "Unknown task driver",
                    f"Task {task.name!r} names the driver {task.driver!r}; the drivers are "
                    f"{', '.join(sorted(DRIVERS))}.",
                    task.where,
                )
            )
            continue
        config = DECODER.decode_body(task.config, driver, ctx=ctx)
        diags.extend(config.diagnostics)
        if config.value is not None:
            configs[task.name] = config.value
    return Loaded(loaded, configs), diags, files


def _context(first: JobFile, var_files: Sequence[Path], diags: Diagnostics) -> hcl.EvalContext:
    declared = {}
    values: dict[str, Value] = {}
    for name, variable in first.variables.items():
        hcl_type = DYNAMIC
        if variable.type is not None:
            hcl_type, found = type_constraint(variable.type)
            diags.extend(found)
        declared[name] = hcl_type
        if variable.default is not None:
            default, found = variable.default.value(None)
            diags.extend(found)
            try:
                values[name] = convert(default, hcl_type)
            except ConversionError as exc:
                values[name] = Value.unknown(hcl_type)  # reported here, and nowhere else
                diags.append(
                    Diagnostic.error(
                        "Invalid default value for variable",
                        "This default value is not compatible with the variable's type "
                        f"constraint: {path_text(exc.path)}{exc.message}.",
                        variable.default.range,
                    )
                )
    given = load_variables([str(p) for p in var_files], declared=declared)
    diags.extend(given.diagnostics)
    values.update(given.value or {})
    for name, variable in first.variables.items():
        if name not in values:
            diags.append(
                Diagnostic.error(
                    "No value for required variable",
                    f"The variable {name!r} has no default and no value was given.",
                    variable.where,
                )
            )
            values[name] = Value.unknown(declared[name])
    functions = {**hcl.STDLIB, **tryfunc.FUNCTIONS}
    ctx = hcl.EvalContext(
        {"var": Value.object(values)}, functions, undefined_variable=keep_for_the_client
    )
    attributes: dict[str, hcl.Attribute] = {}
    for block in first.locals:
        found_attributes, found = block.body.just_attributes()
        diags.extend(found)
        attributes.update(found_attributes)
    with_locals, found = evaluate_locals(attributes, ctx)
    diags.extend(found)
    return with_locals


def _tasks_that_decoded(job: Job | Partial[Job]) -> list[Task]:
    """Every task that decoded, whether or not its group and job did."""
    groups = job.groups if isinstance(job, Job) else job.fields.get("groups", [])
    tasks: list[Task] = []
    for group in groups:
        found = group.tasks if not isinstance(group, Partial) else group.fields.get("tasks", [])
        tasks.extend(task for task in found if isinstance(task, Task))
    return tasks
