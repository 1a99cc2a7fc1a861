import FluxCore
import Foundation

/// Where the landing page's settings live.
let settingsURL = URL(fileURLWithPath: NSTemporaryDirectory())
  .appendingPathComponent("settings.json")

struct SettingsV1: Codable, Sendable { var theme = "" }

struct SettingsV2: Codable, Sendable {
  var theme = ""
  init() {}
  init(_ old: SettingsV1) { theme = old.theme }
}

final class SettingsDispatcher: DispatcherType {
  static let shared = SettingsDispatcher()
  let theme = DispatchSubject<String>()
}

final class SettingsStore: Store, @unchecked Sendable {
  // Safe: the class adds no stored property.
  init(dispatcher: AnyObservableDispatcher<SettingsDispatcher>, settings: Variable<SettingsV2>) {
    super.init()
    bind(dispatcher.theme, to: settings) { settings, theme in
      var changed = settings
      changed.theme = theme
      return changed
    }
  }
}
