"""Stand-ins for the Apple modules that have no interface in a Linux toolchain:
the declarations FluxCore and FluxCoreTesting use, for type-checking only.
Extend them when the code uses more."""

DARWIN_H = """/* Stand-in for the parts of Darwin that FluxCore uses: type-checking only. */
typedef unsigned long size_t;
typedef long ssize_t;
typedef struct _opaque_pthread_t *pthread_t;
typedef struct { long __sig; char __opaque[56]; } pthread_mutex_t;
typedef struct { long __sig; char __opaque[8]; } pthread_mutexattr_t;
typedef struct { long __sig; char __opaque[56]; } pthread_attr_t;
typedef struct { long __sig; char __opaque[40]; } pthread_cond_t;
pthread_t pthread_self(void);
int pthread_mutex_init(pthread_mutex_t *, const pthread_mutexattr_t *);
int pthread_mutex_destroy(pthread_mutex_t *);
int pthread_mutex_lock(pthread_mutex_t *);
int pthread_mutex_trylock(pthread_mutex_t *);
int pthread_mutex_unlock(pthread_mutex_t *);
int pthread_mutexattr_init(pthread_mutexattr_t *);
int pthread_mutexattr_destroy(pthread_mutexattr_t *);
int pthread_mutexattr_settype(pthread_mutexattr_t *, int);
void *pthread_get_stackaddr_np(pthread_t);
size_t pthread_get_stacksize_np(pthread_t);
typedef unsigned long pthread_key_t;
int pthread_key_create(pthread_key_t * _Nonnull, void (* _Nullable)(void * _Nonnull));
void * _Nullable pthread_getspecific(pthread_key_t);
int pthread_setspecific(pthread_key_t, const void * _Nullable);
void *dlsym(void *, const char *);
int memcmp(const void *, const void *, size_t);
"""

DISPATCH = """// swift-interface-format-version: 1.0
// swift-module-flags: -target {triple} -enable-library-evolution -swift-version 5 -module-name Dispatch
// Stand-in for the parts of Dispatch that FluxCore uses: type-checking only.
import Swift
open class DispatchObject {}
public struct DispatchTime : Swift.Comparable, Swift.Sendable {
  public let rawValue: Swift.UInt64
  public static func now() -> DispatchTime
  public static let distantFuture: DispatchTime
  public init(uptimeNanoseconds: Swift.UInt64)
  public var uptimeNanoseconds: Swift.UInt64 { get }
  public static func < (a: DispatchTime, b: DispatchTime) -> Swift.Bool
}
public enum DispatchTimeoutResult : Swift.Sendable { case success, timedOut }
final public class DispatchSpecificKey<T> : @unchecked Swift.Sendable { public init() }
public struct DispatchQoS : Swift.Sendable {
  public static let userInteractive: DispatchQoS
  public static let userInitiated: DispatchQoS
  public static let utility: DispatchQoS
  public static let background: DispatchQoS
  public static let `default`: DispatchQoS
}
final public class DispatchQueue : DispatchObject, @unchecked Swift.Sendable {
  public struct Attributes : Swift.OptionSet, Swift.Sendable {
    public let rawValue: Swift.UInt64
    public init(rawValue: Swift.UInt64)
    public static let concurrent: DispatchQueue.Attributes
  }
  public class var main: DispatchQueue { get }
  public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue
  public convenience init(label: Swift.String, qos: DispatchQoS = .default, attributes: DispatchQueue.Attributes = [])
  public func async(execute work: @escaping @Sendable @convention(block) () -> Swift.Void)
  public func sync<T>(execute work: () throws -> T) rethrows -> T
  public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Swift.Void)
  public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T?
  public func getSpecific<T>(key: DispatchSpecificKey<T>) -> T?
  public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?)
  public var label: Swift.String { get }
}
extension DispatchQoS {
  public enum QoSClass : Swift.Sendable { case background, utility, `default`, userInitiated, userInteractive, unspecified }
}
final public class DispatchSemaphore : DispatchObject, @unchecked Swift.Sendable {
  public init(value: Swift.Int)
  @discardableResult public func signal() -> Swift.Int
  public func wait()
  public func wait(timeout: DispatchTime) -> DispatchTimeoutResult
}
final public class DispatchGroup : DispatchObject, @unchecked Swift.Sendable {
  public init()
  public func enter()
  public func leave()
  public func wait()
  public func wait(timeout: DispatchTime) -> DispatchTimeoutResult
}
public func dispatchMain() -> Swift.Never
public func dispatchPrecondition(condition: DispatchPredicate)
public enum DispatchPredicate { case onQueue(DispatchQueue), onQueueAsBarrier(DispatchQueue), notOnQueue(DispatchQueue) }
"""

# XCTest and Swift Testing: the declarations FluxCoreTesting uses, as Apple's SDK
# has them (XCTest's are far older than the floor; Swift Testing's carry no OS
# availability).
XCTEST = """// swift-interface-format-version: 1.0
// swift-module-flags: -target {triple} -enable-library-evolution -swift-version 5 -module-name XCTest
// Stand-in for the parts of XCTest that FluxCoreTesting uses: type-checking only.
// (NSObject comes from the Objective-C runtime on Apple systems; XCTest re-exports it.)
import Swift
open class NSObject {
  public init()
}
open class XCTest {
  open var name: Swift.String { get }
  public init()
}
open class XCTestCase : XCTest {
  public func addTeardownBlock(_ block: @escaping () -> Swift.Void)
}
public func XCTFail(_ message: Swift.String = "", file: Swift.StaticString = #filePath, line: Swift.UInt = #line)
public protocol XCTestObservation : AnyObject {
  func testCaseWillStart(_ testCase: XCTestCase)
  func testCaseDidFinish(_ testCase: XCTestCase)
}
extension XCTestObservation {
  public func testCaseWillStart(_ testCase: XCTestCase)
  public func testCaseDidFinish(_ testCase: XCTestCase)
}
open class XCTestObservationCenter {
  open class var shared: XCTestObservationCenter { get }
  open func addTestObserver(_ testObserver: any XCTestObservation)
  open func removeTestObserver(_ testObserver: any XCTestObservation)
}
"""

TESTING = """// swift-interface-format-version: 1.0
// swift-module-flags: -target {triple} -enable-library-evolution -swift-version 6 -module-name Testing
// Stand-in for the parts of Swift Testing that FluxCoreTesting uses: type-checking only.
import Swift
public struct Comment : Swift.RawRepresentable, Swift.Sendable, Swift.ExpressibleByStringLiteral {
  public var rawValue: Swift.String
  public init(rawValue: Swift.String)
  public init(stringLiteral: Swift.String)
}
public struct SourceLocation : Swift.Sendable {
  public init(fileID: Swift.String, filePath: Swift.String, line: Swift.Int, column: Swift.Int)
}
public struct Test : Swift.Sendable {
  public static var current: Test? { get }
  public var name: Swift.String { get }
}
public struct Issue : Swift.Sendable {
  @discardableResult
  public static func record(_ comment: Comment? = nil, sourceLocation: SourceLocation = SourceLocation(fileID: "", filePath: "", line: 1, column: 1)) -> Issue
}
"""
