// Rule: exchanging twice undoes the swizzle (exchange is an involution).
// Field guide: method-hooking-libraries.md §4.1 "Swizzling twice undoes it".
#include "oracle.h"
@interface A : NSObject - (void)foo; - (void)xxx_foo; @end
@implementation A
- (void)foo { SAY("foo body _cmd=%s", sel_getName(_cmd)); }
- (void)xxx_foo { SAY("xxx_foo body _cmd=%s", sel_getName(_cmd)); [self xxx_foo]; }
@end
static void swizzle(void)
{
  method_exchangeImplementations(class_getInstanceMethod([A class], @selector(foo)),
                                 class_getInstanceMethod([A class], @selector(xxx_foo)));
}
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  A *a = [A new];
  swizzle();
  SAY("after one exchange:");
  [a foo];
  swizzle();
  SAY("after two exchanges:");
  [a foo];
  swizzle();
  SAY("after three exchanges:");
  [a foo];
  [a release];
  [pool drain];
  return 0;
}
