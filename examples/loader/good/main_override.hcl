# Production: more frontends, and the backend is never destroyed.
service "web" "frontend" {
  count = 4
}

service "api" "backend" {
  lifecycle {
    prevent_destroy = true
  }
}
