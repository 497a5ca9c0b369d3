import HookLab
print("hooklab")
