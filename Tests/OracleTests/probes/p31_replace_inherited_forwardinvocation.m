// Rule: hooking forwardInvocation: with class_replaceMethod on a class that only inherits it returns NULL
// (nothing to save) and leaves NSObject's forwardInvocation: alone, so other classes are not affected.
// Field guide: method-hooking-libraries.md §0.1 ("was the old forwardInvocation: saved?").
#include "oracle.h"
@interface T : NSObject - (void)bar; @end
@implementation T - (void)bar { SAY("T.bar"); } @end
@interface X : NSObject @end
@implementation X @end
@interface Y : NSObject @end
@implementation Y
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s { return [T instanceMethodSignatureForSelector:@selector(bar)]; }
@end
static void hookedForwardInvocation(id self, SEL _cmd, NSInvocation *inv)
{
  SAY("hooked forwardInvocation: on a %s for %s", class_getName(object_getClass(self)), sel_getName([inv selector]));
}
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  name_imp(class_getMethodImplementation([NSObject class], @selector(forwardInvocation:)), "-[NSObject forwardInvocation:]");
  name_imp((IMP)hookedForwardInvocation, "hookedForwardInvocation");
  IMP saved = class_replaceMethod([X class], @selector(forwardInvocation:), (IMP)hookedForwardInvocation, "v@:@");
  SAY("saved original forwardInvocation: %s", imp_name(saved));
  SAY("NSObject forwardInvocation: is now %s",
      imp_name(class_getMethodImplementation([NSObject class], @selector(forwardInvocation:))));
  Y *y = [Y new];
  SAY("an unrelated class forwards bar:");
  TRY("y bar", [(T *)y bar]);
  [y release];
  [pool drain];
  return 0;
}
