variable "ports" {
  type    = list(number)
  default = [80, "http"]
}

variable "datacenter" {
  type = string
}

locals {
  a = local.b
  b = local.a
  c = local.missing
}

job "web" {
  datacenters = [var.datacenter]

  group "g" {
    task "t" {
      driver = "exec"
      config {
        command = "/bin/true"
      }
    }
  }
}
