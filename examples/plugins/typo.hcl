listen  = "0.0.0.0:8080"
plugins = ["metrics"]
debgu   = true

metrics {
  endpoint = "/metrics"
}
