// Native timing of HookLab's mini-scenario, for `hooklab bench --vs-native`.
// One iteration: a host with an assign delegate; an app delegate; an NSProxy wrapper with a manual
// (unretained, "weak-ish") target set as the host's delegate; two events fired through the wrapper's
// forwardInvocation:; a second wrapper replacing the first; one more event; everything freed.
// usage: mini [N]   (default 100000)  prints: "mini: N iterations, X us/iteration"
// Build: gcc $(gnustep-config --objc-flags) mini.m -o mini $(gnustep-config --base-libs)  (-O2 is in the flags)
#import <Foundation/Foundation.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

@protocol HostDelegate
- (void)hostDidFire:(id)host;
@end

@interface Host : NSObject { @public id delegate; /* assign */ } - (void)fire; @end
@implementation Host
- (void)fire { [(id<HostDelegate>)delegate hostDidFire:self]; }
@end

@interface AppDelegate : NSObject <HostDelegate> { @public unsigned long events; } @end
@implementation AppDelegate
- (void)hostDidFire:(id)host { events++; }
@end

@interface Wrapper : NSProxy { id target; /* unretained */ } - (id)initWithTarget:(id)t; @end
@implementation Wrapper
- (id)initWithTarget:(id)t { target = t; return self; }
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s { return [target methodSignatureForSelector:s]; }
- (void)forwardInvocation:(NSInvocation *)inv { [inv invokeWithTarget:target]; }
@end

static double now_us(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 100000;
  unsigned long total = 0;
  long i;
  NSAutoreleasePool *outer = [NSAutoreleasePool new];
  double start = now_us();
  for (i = 0; i < n; i++)
    {
      NSAutoreleasePool *pool = [NSAutoreleasePool new];
      Host *host = [Host new];
      AppDelegate *app = [AppDelegate new];
      Wrapper *w1 = [[Wrapper alloc] initWithTarget:app];
      host->delegate = w1;
      [host fire];
      [host fire];
      Wrapper *w2 = [[Wrapper alloc] initWithTarget:app];
      host->delegate = w2;
      [w1 release];
      [host fire];
      total += app->events;
      [w2 release];
      [app release];
      [host release];
      [pool drain];
    }
  double elapsed = now_us() - start;
  [outer drain];
  if (total != (unsigned long)n * 3)
    {
      fprintf(stderr, "mini: expected %ld events, got %lu\n", n * 3, total);
      return 1;
    }
  printf("mini: %ld iterations, %.3f us/iteration\n", n, elapsed / (double)n);
  return 0;
}
