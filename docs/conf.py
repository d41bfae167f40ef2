"""Sphinx configuration of the documentation site: ``nox -s docs``."""

from __future__ import annotations

project = "hcldecode"
author = "the hcldecode authors"
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]
nitpicky = False
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
myst_heading_anchors = 3
html_theme = "alabaster"
html_title = "hcldecode"
# Pygments' HCL lexer stops at some valid HCL (a bare block, a spec file) and
# falls back to plain text; that is not a problem of the page.
suppress_warnings = ["misc.highlighting_failure"]


def _builtins_exact(app, doctree):
    """Builtin names in signatures (``type``, ``object``) name the builtins.

    Sphinx looks a name of a type hint up by its last part anywhere in the
    package, so ``type`` would also match every attribute called ``type``
    (``BlockHeaderSchema.type``, ...). Builtins have no page here, so such a
    name is looked up exactly, and stays plain text.
    """
    import builtins  # noqa: PLC0415

    from sphinx.addnodes import pending_xref  # noqa: PLC0415

    for node in doctree.findall(pending_xref):
        builtin = node.get("refdomain") == "py" and hasattr(builtins, node.get("reftarget", ""))
        if builtin and "refspecific" in node:
            del node["refspecific"]  # Sphinx searches by suffix while it is there


def setup(app):
    app.connect("doctree-read", _builtins_exact)
