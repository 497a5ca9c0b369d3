// Rule: a non-nil forwardingTargetForSelector: result becomes the receiver; no invocation is built.
// Field guide: jsbridge-iglistkit-uikit-runtime.md D5.2a.
#include "oracle.h"
@interface T : NSObject - (int)bar; @end
@implementation T - (int)bar { SAY("T.bar"); return 7; } @end
@interface G : NSObject { T *target; } @end
@implementation G
- (id)init { self = [super init]; target = [T new]; return self; }
- (void)dealloc { [target release]; [super dealloc]; }
- (id)forwardingTargetForSelector:(SEL)s { SAY("-[G forwardingTargetForSelector:] %s", sel_getName(s)); return target; }
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s
{
  SAY("-[G methodSignatureForSelector:] %s", sel_getName(s));
  return [super methodSignatureForSelector:s];
}
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  G *g = [G new];
  int r = [(T *)g bar];
  SAY("result: %d", r);
  [g release];
  [pool drain];
  return 0;
}
