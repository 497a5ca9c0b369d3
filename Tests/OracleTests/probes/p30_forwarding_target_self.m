// Rule: a forwardingTargetForSelector: that returns self is ignored ("non-nil and non-self"): forwarding
// goes on to methodSignatureForSelector: / forwardInvocation:. A counter in the probe bounds a runtime that
// would re-send to self. Field guide: jsbridge-iglistkit-uikit-runtime.md D5.2a.
#include "oracle.h"
static int calls;
@interface T : NSObject - (void)bar; @end
@implementation T - (void)bar { SAY("T.bar"); } @end
@interface H : NSObject @end
@implementation H
- (id)forwardingTargetForSelector:(SEL)s
{
  calls++;
  SAY("-[H forwardingTargetForSelector:] %s call %d", sel_getName(s), calls);
  if (calls >= 3)
    {
      SAY("counter: answer nil");
      return nil;
    }
  return self;
}
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s
{
  SAY("-[H methodSignatureForSelector:] %s", sel_getName(s));
  return [T instanceMethodSignatureForSelector:@selector(bar)];
}
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  H *h = [H new];
  TRY("h bar", [(T *)h bar]);
  [h release];
  [pool drain];
  return 0;
}
