// Rule: NSProxy's own methodSignatureForSelector: and forwardInvocation: raise
// NSInvalidArgumentException. Field guide: jsbridge-iglistkit-uikit-runtime.md D4.
#include "oracle.h"
@interface T : NSObject - (void)bar; @end
@implementation T - (void)bar { SAY("T.bar"); } @end
@interface Bare : NSProxy @end
@implementation Bare @end
@interface SigOnly : NSProxy @end
@implementation SigOnly
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s
{
  SAY("-[SigOnly methodSignatureForSelector:] %s", sel_getName(s));
  return [T instanceMethodSignatureForSelector:@selector(bar)];
}
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  id bare = [Bare alloc];
  id sigOnly = [SigOnly alloc];
  SAY("bare proxy, bar:");
  TRY("bare bar", [bare bar]);
  SAY("proxy with a signature only, bar:");
  TRY("sigOnly bar", [sigOnly bar]);
  [pool drain];
  return 0;
}
