# Where the application runs
region = "eu-west-1"

# The public site
service "web" {
  image    = "nginx:1.27" # pinned by the security team
  replicas = 2
  timeout  = "1m30s"
}
