// UIKitModel: see DESIGN.md.
