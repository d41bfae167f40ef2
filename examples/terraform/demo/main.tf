resource "aws_s3_bucket" "this" {
  bucket = var.name
  tags   = merge(var.tags, { Name = var.name })
}

output "arn" {
  value = aws_s3_bucket.this.arn
}
