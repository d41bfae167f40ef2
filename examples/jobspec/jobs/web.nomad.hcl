variable "image" {
  type    = string
  default = "nginx:1.25"
}

variable "ports" {
  type    = list(number)
  default = [80, 443]
}

variable "datacenter" {
  type = string
}

locals {
  name = "web-${var.datacenter}"
  meta = { owner = "edge", service = local.name }
}

job "web" {
  datacenters = [var.datacenter]
  meta        = local.meta

  group "frontend" {
    count = 2

    dynamic "task" {
      for_each = var.ports
      labels   = ["proxy-${task.value}"]

      content {
        driver = "docker"

        config {
          image = var.image
          ports = [task.value]
        }

        env {
          PORT   = task.value
          KERNEL = "${attr.kernel.name}"
        }
      }
    }

    task "agent" {
      driver = "exec"
      env    = { ALLOC = "${NOMAD_ALLOC_ID}", RACK = meta.rack }

      config {
        command = "/bin/agent"
        args    = ["-dc", "${node.datacenter}", upper(local.name)]
      }
    }
  }
}
