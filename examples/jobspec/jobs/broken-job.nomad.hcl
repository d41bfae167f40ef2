job "broken" {
  datacenters = ["dc1"]
  priority    = 50

  group "g" {
    task "fine" {
      driver = "exec"
      config {
        command = "/bin/true"
        argz    = []
      }
    }

    task "podman" {
      driver = "podman"
      config {}
    }

    task "bad" {
      driver = "exec"
      env {
        A = "x"
      }
      env = { B = "y" }
      config {}
    }
  }
}
