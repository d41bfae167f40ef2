datacenter = "eu-west-1"
