# Settings of the storefront, version 1.
# Owned by the web team; ask before changing.

name    = "storefront"
version = 1

# Where it listens.
listener "http" {
  port = 8080 # the old default
}

// Kept for the audit log.
log_level = "debug"
