"""The staffing agency's goal kinds (`recruiter`: a recruiter's step, taken or stopped by the
handbook) and the world's pack of the task generator (`pack`)."""
