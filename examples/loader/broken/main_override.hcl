service "cache" "redis" {
  count = 1
}
