# A web service: listeners, upstream backends and logging.
service  = "storefront"
replicas = 3
region   = var.region

tags = {
  team = "web"
  tier = "frontend"
}

listener "http" {
  port = 8080
}

listener "https" {
  port = 8443
  tls  = true
}

backend "catalog" {
  url      = "http://catalog.internal:9000"
  timeout  = "2.5"
  weights  = [3, 1]
  health   = { path = "/healthz", interval = 10 }
}

backend "cart" {
  url     = "http://cart.internal:9100"
  timeout = 1
}

logging {
  level  = "INFO"
  format = "json"
}
