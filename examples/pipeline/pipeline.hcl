# A CI pipeline: stages run in order, jobs in a stage run in parallel.
name    = "build-and-release"
stages  = ["test", "build", "release"]
timeout = "30m"

env = {
  PYTHON_VERSION = "3.12"
  CACHE_DIR      = "/cache/${pipeline}"
}

job "unit-tests" {
  stage  = "test"
  image  = "python:${env_python}"
  script = [
    "pip install -e .[test]",
    "pytest -q",
  ]
  retries = 2
}

job "lint" {
  stage  = "test"
  image  = "python:${env_python}"
  script = ["ruff check ."]
}

job "wheel" {
  stage     = "build"
  image     = "python:${env_python}"
  script    = ["python -m build"]
  artifacts = ["dist/*.whl"]
  needs     = ["unit-tests", "lint"]
}
