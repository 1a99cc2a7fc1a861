// Stand-ins for the few SwiftUI names that documentation snippets use, so
// that those snippets compile on Linux, where SwiftUI does not exist. They
// check that the snippets are well-formed Swift that uses FluxCore
// correctly; what SwiftUI itself does is not checked here.

import FluxCore

/// A view: something with a body.
@MainActor
public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

/// The end of the body chain.
public struct Never_View: View {
  /// What the view shows.
  public var body: Never_View { self }
}

/// Builds a body from the views written in it.
@resultBuilder
public enum ViewBuilder {
  /// Builds a body from its views.
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  /// Builds a body from its views.
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> Stack {
    Stack()
  }
}

/// Views in a row or a column.
public struct Stack: View {
  /// What the view shows.
  public var body: Never_View { Never_View() }
}

/// A line of text.
public struct Text: View {
  /// Creates one.
  public init(_ text: String) {}
  /// What the view shows.
  public var body: Never_View { Never_View() }
}

/// Views one above the other.
public struct VStack<Content: View>: View {
  /// Creates one.
  public init(@ViewBuilder content: () -> Content) {}
  /// What the view shows.
  public var body: Never_View { Never_View() }
}

/// A list of rows.
public struct List<Content: View>: View {
  /// Creates one.
  public init<Data: RandomAccessCollection, ID: Hashable>(
    _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: (Data.Element) -> Content
  ) {}
  /// Creates one.
  public init<Data: RandomAccessCollection>(
    _ data: Data, @ViewBuilder rowContent: (Data.Element) -> Content
  ) where Data.Element: Identifiable {}
  /// What the view shows.
  public var body: Never_View { Never_View() }
}

/// A view per element of a collection.
public struct ForEach<Content: View>: View {
  /// Creates one.
  public init<Data: RandomAccessCollection, ID: Hashable>(
    _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: (Data.Element) -> Content
  ) {}
  /// What the view shows.
  public var body: Never_View { Never_View() }
}

extension List {
  /// Creates one of fixed content.
  public init(@ViewBuilder content: () -> Content) {}
}

/// State a view owns.
@MainActor
@propertyWrapper
public struct State<Value> {
  /// The state.
  public var wrappedValue: Value
  /// Creates one.
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
  /// Creates one.
  public init(initialValue: Value) { self.wrappedValue = initialValue }
}

// The greeting feature that the README's quick example and Getting Started
// define, for the articles that use it without defining it. A document that
// defines these names itself uses its own.

/// One subject per concern.
public final class GreetingDispatcher: DispatcherType {
  /// The app's dispatcher.
  public static let shared = GreetingDispatcher()
  /// The name to greet.
  public let name = DispatchSubject<String>()
  /// Creates one.
  public init() {}
}

/// Sends only.
public struct GreetingActionCreator {
  private let dispatcher: AnyObserverDispatcher<GreetingDispatcher>
  /// Creates one.
  public init(dispatcher: AnyObserverDispatcher<GreetingDispatcher> = .init()) {
    self.dispatcher = dispatcher
  }
  /// Greets `name`.
  public func greet(_ name: String) { dispatcher.name.dispatch(name) }
}

/// Receives only, holds state.
public final class GreetingStore: Store, @unchecked Sendable {
  // Safe: every stored property is a `let` of a Sendable type.
  /// The greeting, read-only.
  public let greeting: Property<String>
  private let _greeting = Variable("Hello, nobody")

  /// Creates one.
  public init(dispatcher: AnyObservableDispatcher<GreetingDispatcher> = .init()) {
    greeting = _greeting.asProperty()
    super.init()
    bind(dispatcher.name.map { "Hello, \($0)" }, to: _greeting)
  }
}
