/* Stand-in for the parts of Darwin's C library that the package, its example
   and its tests use, with Darwin's types (mode_t is 16 bits, off_t 64,
   posix_spawn_file_actions_t a pointer, ...): type-checking only. The Swift
   overlay (Darwin.swiftinterface) adds what Swift declares over it. */
typedef signed char __int8_t;
typedef unsigned short __uint16_t;
typedef int __int32_t;
typedef unsigned int __uint32_t;
typedef long long __int64_t;
typedef unsigned long long __uint64_t;
typedef unsigned long size_t;
typedef long ssize_t;
typedef __int32_t pid_t;
typedef __uint16_t mode_t;
typedef __int64_t off_t;
typedef __uint32_t useconds_t;
typedef __uint32_t uid_t;
typedef __uint32_t gid_t;
typedef __int32_t dev_t;
typedef __uint16_t nlink_t;
typedef __uint64_t ino_t;
typedef __int64_t blkcnt_t;
typedef __int32_t blksize_t;
typedef long time_t;

/* pthread.h, which Apple's SDK declares under assume_nonnull: pthread_t is a
   pointer to a complete struct (UnsafeMutablePointer in Swift, not Sendable) */
struct __darwin_pthread_handler_rec;
struct _opaque_pthread_t { long __sig; struct __darwin_pthread_handler_rec *__cleanup_stack;
                           char __opaque[8176]; };
typedef struct _opaque_pthread_t *pthread_t;
typedef struct { long __sig; char __opaque[56]; } pthread_mutex_t;
typedef struct { long __sig; char __opaque[8]; } pthread_mutexattr_t;
typedef struct { long __sig; char __opaque[56]; } pthread_attr_t;
typedef struct { long __sig; char __opaque[40]; } pthread_cond_t;
typedef unsigned long pthread_key_t;
#pragma clang assume_nonnull begin
pthread_t pthread_self(void);
int pthread_equal(pthread_t _Nullable, pthread_t _Nullable);
int pthread_mutex_init(pthread_mutex_t * __restrict, const pthread_mutexattr_t * _Nullable __restrict);
int pthread_mutex_destroy(pthread_mutex_t *);
int pthread_mutex_lock(pthread_mutex_t *);
int pthread_mutex_trylock(pthread_mutex_t *);
int pthread_mutex_unlock(pthread_mutex_t *);
int pthread_mutexattr_init(pthread_mutexattr_t *);
int pthread_mutexattr_destroy(pthread_mutexattr_t *);
int pthread_mutexattr_settype(pthread_mutexattr_t *, int);
void *pthread_get_stackaddr_np(pthread_t);
size_t pthread_get_stacksize_np(pthread_t);
int pthread_key_create(pthread_key_t *, void (* _Nullable)(void *));
void * _Nullable pthread_getspecific(pthread_key_t);
int pthread_setspecific(pthread_key_t, const void * _Nullable);
#pragma clang assume_nonnull end
int sched_yield(void);

/* dlfcn.h */
void *dlsym(void *, const char *);
int memcmp(const void *, const void *, size_t);

/* errno.h (errno itself is the overlay's) */
#define EPERM 1
#define ENOENT 2
#define EINTR 4
#define EIO 5
#define ENXIO 6
#define EBADF 9
#define EAGAIN 35
#define EWOULDBLOCK EAGAIN
#define EACCES 13
#define EEXIST 17
#define EISDIR 21
#define EINVAL 22
#define EMFILE 24
#define EFBIG 27
#define ENOSPC 28
#define EROFS 30

/* string.h, stdlib.h, stdio.h */
char *strerror(int);
char *strdup(const char *);
void free(void *);
void abort(void) __attribute__((noreturn));
void exit(int) __attribute__((noreturn));
void _exit(int) __attribute__((noreturn));
typedef struct __sFILE { int _opaque; } FILE;
extern FILE *__stdinp;
extern FILE *__stdoutp;
extern FILE *__stderrp;
#define stdin __stdinp
#define stdout __stdoutp
#define stderr __stderrp
int fflush(FILE *);
int fputs(const char *, FILE *);

/* fcntl.h, unistd.h (open and fcntl are variadic: the overlay declares them) */
#define O_RDONLY 0x0000
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_NONBLOCK 0x00000004
#define O_APPEND 0x00000008
#define O_CREAT 0x00000200
#define O_TRUNC 0x00000400
#define O_EXCL 0x00000800
#define O_CLOEXEC 0x01000000
#define F_SETFD 2
#define F_FULLFSYNC 51
#define FD_CLOEXEC 1
#define F_OK 0
#define LOCK_SH 0x01
#define LOCK_EX 0x02
#define LOCK_NB 0x04
#define LOCK_UN 0x08
ssize_t read(int, void *, size_t);
ssize_t write(int, const void *, size_t);
int close(int);
int fsync(int);
int ftruncate(int, off_t);
int unlink(const char *);
int access(const char *, int);
int pipe(int [2]);
int dup(int);
int pause(void);
pid_t getpid(void);
int usleep(useconds_t);
long sysconf(int);
#define _SC_PAGESIZE 29
#define _SC_NPROCESSORS_ONLN 58
int flock(int, int);
int rename(const char *, const char *);

/* sys/stat.h (the S_IF* constants are the overlay's, as mode_t) */
struct timespec { time_t tv_sec; long tv_nsec; };
struct stat {
  dev_t st_dev;
  mode_t st_mode;
  nlink_t st_nlink;
  ino_t st_ino;
  uid_t st_uid;
  gid_t st_gid;
  dev_t st_rdev;
  struct timespec st_atimespec;
  struct timespec st_mtimespec;
  struct timespec st_ctimespec;
  struct timespec st_birthtimespec;
  off_t st_size;
  blkcnt_t st_blocks;
  blksize_t st_blksize;
  __uint32_t st_flags;
  __uint32_t st_gen;
  __int32_t st_lspare;
  __int64_t st_qspare[2];
};
int stat(const char *, struct stat *);
int fstat(int, struct stat *);
int lstat(const char *, struct stat *);
int mkdir(const char *, mode_t);
int mkfifo(const char *, mode_t);

/* dirent.h, time.h */
typedef unsigned char __uint8_t;
typedef struct { int __dd_fd; long __dd_loc; long __dd_size; char *__dd_buf; int __dd_len;
                 long __dd_seek; long __padding; int __dd_flags;
                 pthread_mutex_t __dd_lock; struct _telldir *__dd_td; } DIR;
struct dirent {
  __uint64_t d_ino;
  __uint64_t d_seekoff;
  __uint16_t d_reclen;
  __uint16_t d_namlen;
  __uint8_t d_type;
  char d_name[1024];
};
DIR *opendir(const char *);
struct dirent *readdir(DIR *);
int closedir(DIR *);
int link(const char *, const char *);
struct tm {
  int tm_sec; int tm_min; int tm_hour; int tm_mday; int tm_mon; int tm_year; int tm_wday;
  int tm_yday; int tm_isdst; long tm_gmtoff; char *tm_zone;
};
time_t time(time_t *);
struct tm *gmtime_r(const time_t *, struct tm *);

/* poll.h */
struct pollfd { int fd; short events; short revents; };
typedef unsigned int nfds_t;
#define POLLIN 0x0001
int poll(struct pollfd *, nfds_t, int);

/* sys/resource.h */
typedef __uint64_t rlim_t;
struct rlimit { rlim_t rlim_cur; rlim_t rlim_max; };
#define RLIMIT_FSIZE 1
#define RLIMIT_NOFILE 8
int getrlimit(int, struct rlimit *);
int setrlimit(int, const struct rlimit *);

/* signal.h, sys/wait.h */
#define SIGINT 2
#define SIGABRT 6
#define SIGKILL 9
#define SIGSEGV 11
#define SIGPIPE 13
#define SIGTERM 15
#define SIGXFSZ 25
typedef void (*sig_t)(int);
void (*signal(int, void (*)(int)))(int);
int kill(pid_t, int);
int raise(int);
pid_t waitpid(pid_t, int *, int);

/* spawn.h: the attributes and file actions are pointers on Darwin */
typedef void *posix_spawnattr_t;
typedef void *posix_spawn_file_actions_t;
int posix_spawn(pid_t * __restrict, const char * __restrict,
                const posix_spawn_file_actions_t *, const posix_spawnattr_t * __restrict,
                char *const __argv[__restrict], char *const __envp[__restrict]);
int posix_spawn_file_actions_init(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_addopen(posix_spawn_file_actions_t * __restrict, int,
                                     const char * __restrict, int, mode_t);
int posix_spawn_file_actions_addclose(posix_spawn_file_actions_t *, int);
int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *, int, int);
