# One file configures the core application and each of its plugins.
listen = "0.0.0.0:8080"
debug  = false

plugins = ["metrics", "auth"]

# Claimed by the metrics plugin.
metrics {
  endpoint = "/metrics"
  interval = 15
}

# Claimed by the auth plugin.
auth "oidc" {
  issuer    = "https://login.example.com"
  client_id = "storefront"
  scopes    = ["openid", "email"]
}
