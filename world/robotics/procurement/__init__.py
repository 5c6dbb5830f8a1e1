"""Arcadia Robotics' purchasing year: its static shape (`catalog`) and its generation
(`generate`)."""
