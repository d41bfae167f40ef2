variable "name" {
  description = "Name of the bucket"
  type        = string
}

variable "tags" {
  type    = map(string)
  default = {}
}
