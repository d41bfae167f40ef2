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
