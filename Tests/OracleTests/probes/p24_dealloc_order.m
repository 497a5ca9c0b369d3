// Rule: dealloc order is the dealloc chain (subclass body, then superclass body), then strong ivars,
// then associated objects. Field guide: jsbridge-iglistkit-uikit-runtime.md D3.
// The GNU runtime has no ARC .cxx_destruct and no associated objects (objc/runtime.h "not
// implemented yet"), so this probe emulates objc_destructInstance's two steps, in objc4's order, at
// the end of the root-most dealloc body. What the native run checks is the chain and the timing of
// the count reaching zero; the ivar/association order is Apple's by construction.
#include "oracle.h"
@interface Child : NSObject { const char *label; } - (id)initWithLabel:(const char *)l; @end
@implementation Child
- (id)initWithLabel:(const char *)l { self = [super init]; label = l; return self; }
- (void)dealloc { SAY("-[Child dealloc] %s", label); [super dealloc]; }
@end
@interface Base : NSObject { @public Child *strongIvar; Child *associated; } @end
@implementation Base
- (void)dealloc
{
  SAY("-[Base dealloc] body");
  /* objc_destructInstance, emulated: 1. strong ivars, 2. associated objects. */
  [strongIvar release];
  [associated release];
  [super dealloc];
}
@end
@interface Sub : Base @end
@implementation Sub - (void)dealloc { SAY("-[Sub dealloc] body"); [super dealloc]; } @end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  Sub *s = [Sub new];
  s->strongIvar = [[Child alloc] initWithLabel:"ivar"];
  s->associated = [[Child alloc] initWithLabel:"associated"];
  SAY("release the last reference");
  [s release];
  SAY("end");
  [pool drain];
  return 0;
}
