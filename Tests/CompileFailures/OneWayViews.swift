// Through `AnyObserverDispatcher` an action creator can send and not listen;
// through `AnyObservableDispatcher` a store can listen and not send.
// expected-error: value of type 'AnyObserver<Int>' has no member 'subscribe'
// expected-error: value of type 'Observable<Int>' has no member 'dispatch'
import FluxCore

final class CounterDispatcher: DispatcherType {
  static let shared = CounterDispatcher()
  let count = DispatchSubject<Int>()
}

func actionCreator(_ dispatcher: AnyObserverDispatcher<CounterDispatcher>) {
  dispatcher.count.dispatch(1)
  _ = dispatcher.count.subscribe { _ in }
}

func store(_ dispatcher: AnyObservableDispatcher<CounterDispatcher>) {
  _ = dispatcher.count.subscribe { _ in }
  dispatcher.count.dispatch(1)
}
