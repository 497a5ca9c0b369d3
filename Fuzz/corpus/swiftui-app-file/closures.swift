registry.setPluginRegistrantCallback { registry in
  GeneratedPluginRegistrant.register(with: registry)
}
DispatchQueue.main.async { UNUserNotificationCenter.current().delegate = self }
