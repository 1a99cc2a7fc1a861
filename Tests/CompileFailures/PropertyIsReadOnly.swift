// A view holds a store's `Property`: it can read and observe it, never write.
// expected-error: cannot assign to property: 'value' is a get-only property
// expected-error: value of type 'Property<Int>' has no member 'update'
import FluxCore

func render(_ count: Property<Int>) {
  _ = count.value
  _ = count.changed.subscribe { _ in }
  count.value = 1
  count.update { $0 += 1 }
}
