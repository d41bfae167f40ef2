service "web" "frontend" {
  image      = "nginx:1.25"
  count      = -1
  depends_on = [service.api.backnd, var.region]
}

service "api" "backend" {
  imgae = "shop/api:3.1"
  count = "two"
}

service "web" "frontend" {
  image = "nginx:1.26"
}

service "db" {
  image = "postgres"
}
