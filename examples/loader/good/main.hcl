# The shop's services.
variable "region" {
  default     = "eu-west-1"
  description = "Where everything runs."
}

variable "zone" {
  default = null
}

service "web" "frontend" {
  image      = "nginx:1.25"
  count      = 2
  depends_on = [service.api.backend]
}

service "api" "backend" {
  image = "shop/api:3.1"

  lifecycle {
    ignore_changes = ["image"]
  }
}
