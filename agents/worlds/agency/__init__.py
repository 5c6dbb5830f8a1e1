"""The staffing agency in the runner: its pack of this layer (`pack`), its corpus."""
