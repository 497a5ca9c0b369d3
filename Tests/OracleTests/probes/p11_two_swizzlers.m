// Rule: two exchange swizzlers with distinct helper names both run; the last installed is outermost;
// inner bodies see _cmd = the outer helper's selector. Field guide: method-hooking-libraries.md §4.1
// ("Two exchange swizzlers on one selector", [derived]).
#include "oracle.h"
@interface A : NSObject - (void)foo; - (void)lib1_foo; - (void)lib2_foo; @end
@implementation A
- (void)foo { SAY("A.foo body _cmd=%s", sel_getName(_cmd)); }
- (void)lib1_foo { SAY("lib1 body _cmd=%s", sel_getName(_cmd)); [self lib1_foo]; }
- (void)lib2_foo { SAY("lib2 body _cmd=%s", sel_getName(_cmd)); [self lib2_foo]; }
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  A *a = [A new];
  method_exchangeImplementations(class_getInstanceMethod([A class], @selector(foo)),
                                 class_getInstanceMethod([A class], @selector(lib1_foo)));
  method_exchangeImplementations(class_getInstanceMethod([A class], @selector(foo)),
                                 class_getInstanceMethod([A class], @selector(lib2_foo)));
  [a foo];
  [a release];
  [pool drain];
  return 0;
}
