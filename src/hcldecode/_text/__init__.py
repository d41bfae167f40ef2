"""Text rules shared by every layer (private): Unicode identifiers, grapheme
clusters and white space as HCL sees them, quoting names in messages, and
"Did you mean ...?" suggestions."""
