// HookLab: see DESIGN.md.
