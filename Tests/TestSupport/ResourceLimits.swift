import Foundation

// The resources of `getrlimit` and `setrlimit`, as the Int32 both take:
// Glibc imports them as an enum, Darwin as plain numbers.
#if canImport(Glibc)
/// The number of file descriptors a process may have open.
package let openFilesLimit = Int32(RLIMIT_NOFILE.rawValue)
/// The largest file a process may write.
package let fileSizeLimit = Int32(RLIMIT_FSIZE.rawValue)
#else
/// The number of file descriptors a process may have open.
package let openFilesLimit = RLIMIT_NOFILE
/// The largest file a process may write.
package let fileSizeLimit = RLIMIT_FSIZE
#endif
